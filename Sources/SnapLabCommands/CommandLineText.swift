/// The command line as typed, for footers: arguments with spaces or quotes are single-quoted.
enum CommandLineText {
    static var current: String {
        (["snaplab"] + CommandLine.arguments.dropFirst()).map { arg in
            arg.isEmpty || arg.contains(where: { " \t\"'$\\".contains($0) }) ? "'" + arg.replacingOccurrences(of: "'", with: "'\\''") + "'" : arg
        }.joined(separator: " ")
    }
}
