/// The native-feel presets of `nativeFeel` in `hawser.json`.
enum NativeFeelPreset: String, CaseIterable, Sendable {
    /// One viewport meta tag that locks the scale.
    case viewport
    /// No text selection, except in form fields and editable content.
    case noSelection
    /// No long-press callouts.
    case noCallout
    /// No double-tap zoom.
    case noDoubleTapZoom
}
