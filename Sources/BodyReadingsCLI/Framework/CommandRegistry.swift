/// The subcommands of `bodyreadings`. Each lives in `Commands/<Name>Command.swift` and is listed here once.
enum CommandRegistry {
    static let all: [Command] = [
        AvailableCommand.command,
        InfoCommand.command,
        StreamCommand.command,
        PublishCommand.command,
        ServeCommand.command,
        DashboardCommand.command,
        RecordCommand.command,
        FuseCommand.command,
        StepsCommand.command,
        AltitudeCommand.command,
        HeartRateCommand.command,
        CalibrateCommand.command,
        HistoryCommand.command,
        BenchmarkCommand.command,
    ]
}
