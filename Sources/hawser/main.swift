import Foundation

let status = HawserCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
