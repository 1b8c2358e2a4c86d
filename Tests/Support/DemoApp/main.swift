// Test driver: the demo app's handlers, behind the demo's generated bridge, fed message bodies
// as WebKit delivers them. Prints one `label => outcome` line each.
import Foundation

let documents = URL(fileURLWithPath: CommandLine.arguments[1])
let handlers = DemoHandlers(documents: documents)

func show(_ label: String, _ outcome: Bridge.DispatchOutcome) {
    print("\(label) => \(outcome)")
}

show("readFile", await Bridge.dispatch(name: "readFile", body: ["path": "notes/today.txt"] as NSDictionary, to: handlers))
show("readFile outside", await Bridge.dispatch(name: "readFile", body: ["path": "../secret.txt"] as NSDictionary, to: handlers))
show("readFile missing", await Bridge.dispatch(name: "readFile", body: ["path": "nope.txt"] as NSDictionary, to: handlers))
show("readFile renamed key", await Bridge.dispatch(name: "readFile", body: ["fileName": "notes/today.txt"] as NSDictionary, to: handlers))
show("observer", await Bridge.dispatch(name: "observer", body: ["name": "Ada", "email": "ada@example.com"] as NSDictionary, to: handlers))
show("imageChanged", await Bridge.dispatch(name: "imageChanged", body: ["success": NSNumber(value: true)] as NSDictionary, to: handlers))
show("hashChanged", await Bridge.dispatch(name: "hashChanged", body: ["hash": "#top", "isMainFrame": NSNumber(value: false)] as NSDictionary, to: handlers))
show("stateSync", await Bridge.dispatch(name: "stateSync", body: ["theme": "dark"] as NSDictionary, to: handlers))
for entry in handlers.log { print("log => \(entry)") }
print("handlers => \(Bridge.Handler.allCases.map(\.rawValue).joined(separator: ","))")
print("scripts => \(Bridge.scripts.map(\.name).joined(separator: ","))")
