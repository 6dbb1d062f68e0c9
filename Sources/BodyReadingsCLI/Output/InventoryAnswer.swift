import Sensors
import TextFormats

/// How `available` and `info` answer: discover the sensors of `--uri`'s context, write the inventory as JSON
/// (`--json`) or as text, and exit with the status the inventory gives.
enum InventoryAnswer {
    static func write(
        _ arguments: ParsedArguments, _ console: Console, json: (SensorInventory) -> JSONValue,
        text: (SensorInventory) -> String, status: (SensorInventory) -> ExitCode
    ) throws -> ExitCode {
        let inventory = try SensorDiscovery.discover(uri: arguments.value(.uri))
        if arguments.has(.json) {
            try console.write(json(inventory).rendered + "\n")
        } else {
            try console.writeText(text(inventory))
        }
        return status(inventory)
    }
}
