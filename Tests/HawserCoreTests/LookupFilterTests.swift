import XCTest
@testable import HawserCore

/// The quick filters in front of the checks' look-ups change no answer: each is compared with
/// the plain computation it skips.
final class LookupFilterTests: XCTestCase {
    /// `NameSuggester.Index` (which skips candidates by their character buckets) gives what
    /// comparing every candidate gives, on names that are close, far, reordered and non-ASCII.
    func testSuggestionsMatchComparingEveryCandidate() {
        var generator = SplitMix64(seed: 8)
        let alphabet = Array("abcdeABCDE_é𝒳1")
        func name() -> String { String((0..<Int.random(in: 1...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        var candidates = (0..<300).map { _ in name() }
        candidates += ["readFileHandler", "observer", "Observer", "handlerFileRead"]
        let index = NameSuggester.Index(candidates)
        let sorted = Set(candidates).sorted()
        func reference(_ query: String) -> String? {
            if let same = sorted.first(where: { $0.lowercased() == query.lowercased() && $0 != query }) { return same }
            var best: (distance: Int, name: String)?
            for candidate in sorted where candidate != query {
                let distance = NameSuggester.editDistance(query, candidate, limit: 2)
                if distance <= 2, best.map({ distance < $0.distance || (distance == $0.distance && candidate < $0.name) }) ?? true {
                    best = (distance, candidate)
                }
            }
            return best?.name
        }
        var suggested = 0
        for query in (0..<400).map({ _ in name() }) + candidates.prefix(50) + ["readFileHandlder", "obsrever", "OBSERVER"] {
            let answer = index.suggestion(for: query)
            XCTAssertEqual(answer, reference(query), query)
            if answer != nil { suggested += 1 }
        }
        XCTAssertGreaterThan(suggested, 100)
    }

    /// A binding key can pair with a placeholder exactly when it is a bare name or a whole
    /// occurrence of a form; a key of any other shape is never looked up.
    func testBindingKeysThatCanPair() {
        let forms = ["%NAME%", "$<NAME>", "{{NAME}}"].compactMap(PlaceholderForm.init)
        for key in ["message_handler", "%message_handler%", "$<x1>", "{{Name}}", "A"] {
            XCTAssertTrue(PlaceholderForm.canPair(key, forms: forms), key)
        }
        for key in ["", "%%", "%a b%", "$<>", "message-handler", "{{x}", "x}}", "é", "Content-Type"] {
            XCTAssertFalse(PlaceholderForm.canPair(key, forms: forms), key)
        }
        // Whatever `canPair` rejects, no occurrence of a form in a script can be looked up by.
        for key in ["%a b%", "$<>", "message-handler"] {
            let occurrences = PlaceholderForm.occurrences(in: Array(key.utf8), forms: forms)
            XCTAssertFalse(occurrences.contains { $0.text == key || $0.name == key }, key)
        }
    }

    /// A pattern's quick rejection by its constant prefix agrees with matching it in full.
    func testPatternPrefixRejection() {
        XCTAssertTrue(HandlerRegistration.pattern("FocusScript_*", matches: "FocusScript_12"))
        XCTAssertFalse(HandlerRegistration.pattern("FocusScript_*", matches: "focusScript_12"))
        XCTAssertTrue(HandlerRegistration.pattern("a*b*c", matches: "aXbYc"))
        XCTAssertFalse(HandlerRegistration.pattern("a*b*c", matches: "ac"))
        XCTAssertTrue(HandlerRegistration.pattern("*_done", matches: "x_done"))
        XCTAssertFalse(HandlerRegistration.pattern("x*", matches: ""))
        XCTAssertTrue(HandlerRegistration.pattern("name", matches: "name"))
    }

    /// `PatternIndex` finds, in order, exactly the pattern registrations that matching every
    /// one of them finds, for patterns with and without a constant prefix.
    func testPatternIndexFindsWhatMatchingEveryPatternFinds() {
        var generator = SplitMix64(seed: 11)
        let alphabet = Array("ab_*é")
        func text(_ length: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: length, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        let location = SourceLocation(file: "A.swift", line: 1, column: 1)
        var registrations = (0..<120).map { index in
            HandlerRegistration(name: text(0...5) + "*" + text(0...3), location: location, reply: index % 2 == 0, world: nil, scope: nil, isPattern: true)
        }
        registrations += [
            HandlerRegistration(name: "plain", location: location, reply: false, world: nil, scope: nil),
            HandlerRegistration(name: "*", location: location, reply: false, world: nil, scope: nil, isPattern: true),
        ]
        let index = PatternIndex(registrations)
        var found = 0
        for name in (0..<500).map({ _ in text(0...8).replacingOccurrences(of: "*", with: "") }) + ["plain", ""] {
            let expected = registrations.filter { $0.isPattern && $0.matches(name) }
            XCTAssertEqual(index.matching(name), expected, name)
            found += expected.count
        }
        XCTAssertGreaterThan(found, 1000)
    }
}

/// The tests' deterministic generator, for the standard library's `random(in:using:)`.
extension SplitMix64: RandomNumberGenerator {}
