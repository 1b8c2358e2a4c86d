import Foundation

/// The demo app's side of the bridge: one method per handler of the generated `Bridge.Handlers`.
/// Hawser generates that protocol from the user scripts, so a handler added in a script is a
/// compile error here until it is implemented, and a payload key renamed in a script changes
/// the payload type this file reads.
///
/// `Bridge` is not in this folder: Hawser's build-tool plugin generates it from `hawser.json` (a
/// link to the repository's top-level config) and the top-level `userscripts/` on every
/// `swift build` whose inputs changed, and compiles it into this target.
///
/// Plain Foundation: no WebKit in here, so it builds and runs on Linux too (the tests dispatch
/// real message bodies to it through the generated dispatcher).
@MainActor
public final class DemoHandlers: Bridge.Handlers {
    /// Why a `readFile` request fails; its description reaches the script as the rejection
    /// message of `hawser.call`.
    public enum ReadFileError: Error, CustomStringConvertible {
        case outsideDocuments(String)
        case unreadable(String)

        public var description: String {
            switch self {
            case .outsideDocuments(let path): return "\(path) is outside the documents folder"
            case .unreadable(let path): return "cannot read \(path)"
            }
        }
    }

    /// The folder `readFile` may read from.
    public let documents: URL
    /// What the page sent, newest last: the demo shows it, the tests read it.
    public private(set) var log: [String] = []

    public init(documents: URL) {
        self.documents = documents.standardizedFileURL.resolvingSymlinksInPath()
    }

    // Flow A: the sign-up form.
    public func observer(_ payload: Bridge.ObserverPayload) async {
        log.append("signed up: \(payload.name) <\(payload.email)>")
    }

    // Flow B: a relative path in, the file's text out, never a file outside `documents` (a
    // leading "/" is still inside it: "/etc/passwd" is documents/etc/passwd).
    public func readFile(_ payload: Bridge.ReadFilePayload) async throws -> Bridge.ReadFileReply {
        // Symbolic links resolved, so a link inside the folder cannot lead out of it.
        let url = documents.appendingPathComponent(payload.path).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path.hasPrefix(documents.path + "/") else { throw ReadFileError.outsideDocuments(payload.path) }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw ReadFileError.unreadable(payload.path) }
        return text
    }

    // Flow C: the page's `imagechanged` event.
    public func imageChanged(_ payload: Bridge.ImageChangedPayload) async {
        log.append("image changed: \(payload.success ? "loaded" : "failed")")
    }

    // Flow D: the page's application state, posted only when it changed.
    public func stateSync(_ payload: Bridge.StateSyncPayload) async {
        log.append("state: \(payload)")
    }

    // Flow E: the page is ready for native → page events.
    public func pageReady(_ payload: Bridge.PageReadyPayload) async {
        log.append("page ready: \(payload.url)")
    }

    // Flow F: hash changes, also inside iframes.
    public func hashChanged(_ payload: Bridge.HashChangedPayload) async {
        log.append("hash \(payload.hash) in \(payload.isMainFrame ? "the main frame" : "a frame")")
    }
}
