extension SwiftBridgeGenerator {
    /// The worlds handlers are registered in: the page world, where the runtime always runs,
    /// then every other world a script runs in, in injection order.
    static func handlerWorlds(_ model: BridgeModel) -> [ContentWorldSpec] {
        var worlds: [ContentWorldSpec] = [.page]
        for script in model.scripts where !worlds.contains(script.world) { worlds.append(script.world) }
        return worlds
    }

    /// The body of `refusal(of:for:)`, for a contract with handlers.
    private static let webKitRefusalBody = """
        let frame = message.frameInfo
        let origin = frame.securityOrigin
        return refusal(
            for: handler, origin: self.origin(protocol: origin.protocol, host: origin.host, port: origin.port),
            isMainFrame: frame.isMainFrame)
    """

    /// The part under `#if canImport(WebKit)`: installation, the message proxy, settling, events,
    /// and (under `#if canImport(UIKit)`) the native feel of the web view.
    static func writeWebKit(_ model: BridgeModel, to w: inout SwiftCodeWriter) {
        let global = model.runtimeGlobal
        let worlds = handlerWorlds(model).map(worldExpression).joined(separator: ", ")
        w.line("// MARK: - WebKit")
        w.line()
        w.line("#if canImport(WebKit)")
        w.block("extension \(model.name) {") { w in
            if model.registration == .generated {
                w.lines("""
            /// The worlds the handlers are registered in: the page world, and every world a script runs in.
            private static let handlerWorlds: [World] = [\(worlds)]

            /// Adds the scripts to `controller`, unless it already holds them, and registers every
            /// handler in the page world and in every world a script runs in. Requests with the `reply`
            /// transport are registered with `addScriptMessageHandler(_:contentWorld:name:)`; messages
            /// and `settle` requests with `add(_:contentWorld:name:)`. A handler of the same name is
            /// removed first, so installing twice does not throw.
            ///
            /// The controller keeps `handlers` only weakly: keep it alive as long as the web view
            /// should be answered. Messages that arrive after it is gone are dropped, and requests
            /// fail. Before dispatch, each message's frame is checked against the handler's
            /// `allowedOrigins` and `mainFrameOnly` (see `refusal(for:origin:isMainFrame:)`): a
            /// refused request is rejected with the `forbidden:` reason, a refused message is dropped.
            @MainActor
            public static func install(into controller: WKUserContentController, handlers: some Handlers) {
                installScripts(into: controller)
                uninstall(from: controller)
                let proxy = MessageProxy(handlers: handlers)
                for world in handlerWorlds.map(\\.contentWorld) {
                    for handler in Handler.allCases {
                        if handler.route == .reply {
                            controller.addScriptMessageHandler(proxy, contentWorld: world, name: handler.rawValue)
                        } else {
                            controller.add(proxy, contentWorld: world, name: handler.rawValue)
                        }
                    }
                }
            }

            /// Removes every handler `install(into:handlers:)` registers. The scripts stay: WebKit
            /// can only remove all user scripts at once (`removeAllUserScripts()`), which would also
            /// remove scripts the app added itself.
            @MainActor
            public static func uninstall(from controller: WKUserContentController) {
                for world in handlerWorlds.map(\\.contentWorld) {
                    for handler in Handler.allCases {
                        controller.removeScriptMessageHandler(forName: handler.rawValue, contentWorld: world)
                    }
                }
            }

            """)
            } else {
                w.lines("""
            // `registration` is `manual` in hawser.json: the app registers its message handlers
            // itself and can hand each message to `dispatch(name:body:to:)`; `installScripts(into:)`
            // adds the scripts.

            """)
            }
            w.lines("""
            /// Delivers `detail` to the listeners the page-world runtime has for `event`
            /// (`\(global).on(event, listener)`). The values are passed as arguments, never as source.
            @MainActor
            public static func emit(_ event: String, detail: JSONValue, in webView: WKWebView) async throws {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    webView.callAsyncJavaScript(
                        \(SwiftStringLiteral.make(global + ".emit(event, detail)")),
                        arguments: ["event": event, "detail": detail.foundationValue],
                        in: nil,
                        in: .page
                    ) { result in
                        continuation.resume(with: result.map { _ in })
                    }
                }
            }

            /// Adds every script to `controller` with its injection time, frames and world, unless
            /// the controller already holds it (same source, injection time and frames), so that
            /// installing twice does not inject twice.
            @MainActor
            public static func installScripts(into controller: WKUserContentController) {
                var present = controller.userScripts
                for script in scripts {
                    let time = script.injectionTime.webKit
                    if let index = present.firstIndex(where: {
                        $0.source == script.source && $0.injectionTime == time && $0.isForMainFrameOnly == script.mainFrameOnly
                    }) {
                        present.remove(at: index)
                        continue
                    }
                    controller.addUserScript(WKUserScript(
                        source: script.source, injectionTime: time, forMainFrameOnly: script.mainFrameOnly,
                        in: script.world.contentWorld))
                }
            }
            """)
            if model.registration == .generated {
                w.line()
                w.lines("""
            /// Answers a `settle`-transport request through the runtime's `settle(id, value, errorMessage)`
            /// in the frame and world it came from.
            @MainActor
            fileprivate static func settle(
                _ id: String, with outcome: DispatchOutcome, in webView: WKWebView?, frame: WKFrameInfo, world: WKContentWorld
            ) {
                var value: Any = NSNull()
                var errorMessage: Any = NSNull()
                switch outcome {
                case .delivered: break
                case .reply(let reply): value = reply.foundationValue
                case .failure(let message): errorMessage = message
                }
                webView?.callAsyncJavaScript(
                    \(SwiftStringLiteral.make(global + ".settle(id, value, errorMessage)")),
                    arguments: ["id": id, "value": value, "errorMessage": errorMessage],
                    in: frame,
                    in: world,
                    completionHandler: nil
                )
            }

            /// The reason WebKit's `message` may not reach `handler`, or nil.
            @MainActor
            fileprivate static func refusal(of message: WKScriptMessage, for handler: Handler) -> String? {
            \(model.handlers.isEmpty ? "    // Without handlers there is nothing to refuse." : webKitRefusalBody)
            }

            /// Receives WebKit's messages for `install(into:handlers:)` and hands them to the handlers,
            /// which it holds weakly: the user content controller retains its message handlers.
            @MainActor
            private final class MessageProxy: NSObject, WKScriptMessageHandler, WKScriptMessageHandlerWithReply {
                private weak var handlers: (any Handlers)?

                init(handlers: any Handlers) {
                    self.handlers = handlers
                }

                /// Messages and `settle`-transport requests.
                func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
                    guard let handler = Handler(rawValue: message.name) else { return }
                    let delivery = Delivery(handler: handler, body: message.body)
                    let frame = message.frameInfo
                    let world = message.world
                    let refusal = \(model.name).refusal(of: message, for: handler)
                    guard let handlers, refusal == nil else {
                        if let id = delivery.settleID {
                            let reason = refusal ?? "\\(handler.rawValue): the app's handlers are gone"
                            settle(id, with: .failure(reason), in: message.webView, frame: frame, world: world)
                        }
                        return
                    }
                    Task { [weak webView = message.webView] in
                        let outcome = await deliver(delivery, to: handlers)
                        if let id = delivery.settleID {
                            settle(id, with: outcome, in: webView, frame: frame, world: world)
                        }
                    }
                }

                /// `reply`-transport requests.
                func userContentController(
                    _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                    replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
                ) {
                    guard let handler = Handler(rawValue: message.name) else {
                        replyHandler(nil, "unknown handler '\\(message.name)'")
                        return
                    }
                    if let refusal = \(model.name).refusal(of: message, for: handler) {
                        replyHandler(nil, refusal)
                        return
                    }
                    guard let handlers else {
                        replyHandler(nil, "\\(handler.rawValue): the app's handlers are gone")
                        return
                    }
                    let delivery = Delivery(handler: handler, body: message.body)
                    Task {
                        switch await deliver(delivery, to: handlers) {
                        case .delivered: replyHandler(nil, nil)
                        case .reply(let reply): replyHandler(reply.foundationValue, nil)
                        case .failure(let message): replyHandler(nil, message)
                        }
                    }
                }
            }
            """)
            }
        }
        w.line()
        w.lines("""
        extension \(model.name).InjectionTime {
            fileprivate var webKit: WKUserScriptInjectionTime {
                switch self {
                case .documentStart: return .atDocumentStart
                case .documentEnd: return .atDocumentEnd
                }
            }
        }

        extension \(model.name).World {
            @MainActor
            fileprivate var contentWorld: WKContentWorld {
                switch self {
                case .page: return .page
                case .defaultClient: return .defaultClient
                case .named(let name): return .world(name: name)
                }
            }
        }
        """)
        w.line()
        w.lines("""
        #if canImport(UIKit)
        extension \(model.name) {
            /// Makes `webView` feel like a native view: no rubber-band bounce, no back/forward swipe,
            /// no pinch zoom. Zooming is refused by a scroll-view delegate that returns no view to zoom;
            /// it replaces any delegate the scroll view had.
            @MainActor
            public static func applyNativeFeel(to webView: WKWebView) {
                webView.scrollView.bounces = false
                webView.allowsBackForwardNavigationGestures = false
                webView.scrollView.delegate = ZoomBlocker.shared
            }

            /// Refuses pinch zoom. One shared instance, since scroll views hold their delegate weakly.
            @MainActor
            private final class ZoomBlocker: NSObject, UIScrollViewDelegate {
                static let shared = ZoomBlocker()

                func viewForZooming(in scrollView: UIScrollView) -> UIView? {
                    nil
                }
            }
        }
        #endif
        #endif
        """)
    }
}
