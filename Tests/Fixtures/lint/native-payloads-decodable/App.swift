import WebKit

final class Documents: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "open")
        controller.add(self, name: "rename")
        controller.add(self, name: "style")
        controller.add(self, name: "custom")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        switch message.name {
        case "open":
            guard let data = try? JSONSerialization.data(withJSONObject: message.body),
                  let request = try? JSONDecoder().decode(OpenRequest.self, from: data) else { return }
            print(request.filePath)
        case "rename":
            let decoder = JSONDecoder()
            do {
                let data = try JSONSerialization.data(withJSONObject: message.body, options: [])
                let request = try decoder.decode(RenameRequest.self, from: data)
                print(request.newTitle)
            } catch {
                print(error)
            }
        case "style":
            guard let data = try? JSONSerialization.data(withJSONObject: message.body),
                  let request = try? JSONDecoder().decode(StyleRequest.self, from: data) else { return }
            print(request.theme)
        case "custom":
            guard let data = try? JSONSerialization.data(withJSONObject: message.body),
                  let request = try? JSONDecoder().decode(CustomRequest.self, from: data) else { return }
            print(request.id)
        default:
            break
        }
    }
}

/// A decoder with a key strategy, and data handed to a helper: neither is followed.
final class Others: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "snake")
        controller.add(self, name: "forwarded")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        if message.name == "snake" {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            guard let data = try? JSONSerialization.data(withJSONObject: message.body),
                  let request = try? decoder.decode(OpenRequest.self, from: data) else { return }
            print(request.filePath)
        } else if message.name == "forwarded" {
            guard let data = try? JSONSerialization.data(withJSONObject: message.body) else { return }
            Store.handle(data)
        }
    }
}

enum Store {
    static func handle(_ data: Data) {}
}
