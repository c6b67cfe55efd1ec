import SnapLabCommands

SnapLab.main()
