// A stand-in for the few UIKit declarations Hawser's generated Swift uses, written from Apple's
// documented signatures, so that its `#if canImport(UIKit)` part type-checks and runs on Linux.
// Not a SwiftPM target: the tests compile it with `swiftc -emit-module -module-name UIKit`.

import Foundation

@MainActor
open class UIView: NSObject {
    override public init() {
        super.init()
    }
}

/// In UIKit every requirement is optional; the extension stands in for that.
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
}

extension UIScrollViewDelegate {
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        nil
    }
}

@MainActor
open class UIScrollView: UIView {
    open var bounces = true
    open weak var delegate: (any UIScrollViewDelegate)?
}
