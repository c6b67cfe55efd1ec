import SnapLabCommands

SnapLab.runMain()
