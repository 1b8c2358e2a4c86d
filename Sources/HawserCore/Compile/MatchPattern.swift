import Foundation

/// Why a match pattern does not parse. `message` is a sentence fragment without the pattern,
/// e.g. "missing path"; callers that report it quote the pattern themselves.
struct MatchPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    let pattern: String
    let message: String

    init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    var description: String { "invalid match pattern '\(pattern)': \(message)" }
}

/// A URL match pattern as browser extensions define them: `<all_urls>` or
/// `scheme://host/path`.
///
/// - scheme: `*` (http or https), or a lowercase scheme `[a-z][a-z0-9+.-]*` (http, https,
///   file, ws, wss, ftp, or an app's custom scheme).
/// - host: `*` (any host), `*.domain` (the domain and all its subdomains), or an exact host;
///   optionally `:port`. A pattern without a port matches any port. A `file` pattern has an
///   empty host (`file:///…`). Hosts and schemes compare case-insensitively (ASCII).
/// - path: `/` followed by anything; `*` matches any sequence. It is matched against the URL's
///   path and query; the fragment is ignored. A URL with nothing after the host (`myapp://h`,
///   `http://h?q`) has the path `/`, as a browser normalizes it.
/// - `<all_urls>` matches any URL that starts with a scheme.
///
/// Userinfo (`user:pass@`) in a URL is skipped. No other normalization happens: ports compare
/// as written (`:80` is not the same as no port), paths compare byte for byte, case-sensitively.
struct MatchPattern: Hashable, Sendable, CustomStringConvertible {
    let source: String
    let kind: Kind

    enum Kind: Hashable, Sendable {
        case allURLs
        case standard(scheme: Scheme, host: Host, port: String?, path: [PathPiece])
    }

    enum Scheme: Hashable, Sendable {
        case httpOrHTTPS
        case exact(String)
    }

    enum Host: Hashable, Sendable {
        case any
        case domainAndSubdomains(String)
        case exact(String)  // may be empty (file:///)
    }

    enum PathPiece: Hashable, Sendable {
        case literal([UInt16])
        case wildcard
    }

    var description: String { source }

    init(parsing text: String) throws(MatchPatternError) {
        self = try MatchPattern.parse(text).get()
    }

    private init(source: String, kind: Kind) {
        self.source = source
        self.kind = kind
    }

    // MARK: Parsing

    static func parse(_ text: String) -> Result<MatchPattern, MatchPatternError> {
        func fail(_ message: String) -> Result<MatchPattern, MatchPatternError> {
            .failure(MatchPatternError(pattern: text, message: message))
        }
        if text.isEmpty { return fail("empty match pattern") }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            return fail("a match pattern cannot contain whitespace")
        }
        if text == "<all_urls>" { return .success(MatchPattern(source: text, kind: .allURLs)) }

        guard let separator = text.range(of: "://") else {
            return fail("missing scheme separator '://'")
        }
        let schemeText = String(text[..<separator.lowerBound])
        let scheme: Scheme
        if schemeText.isEmpty {
            return fail("missing scheme before '://'")
        } else if schemeText == "*" {
            scheme = .httpOrHTTPS
        } else if isValidScheme(schemeText) {
            scheme = .exact(schemeText)
        } else {
            return fail("invalid scheme '\(schemeText)': expected '*' or a lowercase scheme such as 'https' (a letter, then letters, digits, '+', '.' or '-')")
        }

        let afterScheme = text[separator.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else {
            return fail("missing path: add '/' or '/*' after the host")
        }
        let hostAndPort = String(afterScheme[..<slash])
        let pathText = String(afterScheme[slash...])

        // Split the port off; an IPv6 literal keeps its colons inside brackets.
        var hostText = hostAndPort
        var port: String?
        let portSearchStart: String.Index
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else {
                return fail("unclosed '[' in the host")
            }
            portSearchStart = hostAndPort.index(after: close)
        } else {
            portSearchStart = hostAndPort.startIndex
        }
        if let colon = hostAndPort[portSearchStart...].firstIndex(of: ":") {
            hostText = String(hostAndPort[..<colon])
            let portText = String(hostAndPort[hostAndPort.index(after: colon)...])
            guard !portText.isEmpty, portText.count <= 5,
                  portText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let number = Int(portText), number <= 65535
            else {
                return fail("invalid port '\(portText)': expected a number from 0 to 65535")
            }
            port = portText
        }

        let host: Host
        if hostText.contains("*") {
            if hostText == "*" {
                host = .any
            } else if hostText.hasPrefix("*."), !hostText.dropFirst(2).contains("*") {
                let domain = String(hostText.dropFirst(2))
                if domain.isEmpty { return fail("missing domain after '*.'") }
                if let problem = hostProblem(domain) { return fail(problem) }
                host = .domainAndSubdomains(domain)
            } else {
                return fail("'*' in the host must be alone or lead '*.'")
            }
        } else {
            if let problem = hostProblem(hostText) { return fail(problem) }
            host = .exact(hostText)
        }

        if schemeText == "file" {
            if hostText != "" || port != nil {
                return fail("a 'file' pattern has no host: write 'file:///path'")
            }
        } else if case .exact("") = host, scheme == .httpOrHTTPS || webSchemes.contains(schemeText) {
            return fail("missing host")
        }

        if pathText.contains("#") {
            return fail("'#' in the path never matches: the fragment is ignored")
        }
        return .success(MatchPattern(
            source: text, kind: .standard(scheme: scheme, host: host, port: port, path: pathPieces(pathText))))
    }

    /// Schemes whose URLs always have a host.
    private static let webSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    static func isValidScheme(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLowerLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy {
            isLowerLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "-")
        }
    }

    /// Nil when `host` (without `*`) is acceptable: empty, an IPv6 literal in brackets, or
    /// ASCII letters, digits, '.', '-' and '_'.
    private static func hostProblem(_ host: String) -> String? {
        if host.hasPrefix("[") {
            let inner = host.dropFirst().dropLast()
            let ok = host.hasSuffix("]") && !inner.isEmpty
                && inner.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }
            return ok ? nil : "invalid IPv6 host '\(host)'"
        }
        for scalar in host.unicodeScalars {
            let ok = scalar.isASCII
                && (isLowerLetter(UInt8(scalar.value)) || isUpperLetter(UInt8(scalar.value))
                    || isDigit(UInt8(scalar.value)) || scalar == "." || scalar == "-" || scalar == "_")
            if !ok {
                let hint = scalar.isASCII ? "" : " (write an internationalized domain in its 'xn--' form)"
                return "invalid character '\(scalar)' in the host '\(host)'\(hint)"
            }
        }
        return nil
    }

    private static func pathPieces(_ path: String) -> [PathPiece] {
        var pieces: [PathPiece] = []
        var literal: [UInt16] = []
        for unit in path.utf16 {
            if unit == 0x2A {  // "*"
                if !literal.isEmpty { pieces.append(.literal(literal)); literal = [] }
                if pieces.last != .wildcard { pieces.append(.wildcard) }  // `**` is `*`
            } else {
                literal.append(unit)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    // MARK: Matching

    /// Whether `url` matches. The reference semantics for `javaScriptRegex`.
    func matches(_ url: String) -> Bool {
        let u = Array(url.utf16)
        // scheme ":"
        guard let first = u.first, isLetter16(first) else { return false }
        var i = 1
        while i < u.count, isLetter16(u[i]) || isDigit16(u[i]) || u[i] == c("+") || u[i] == c(".") || u[i] == c("-") {
            i += 1
        }
        guard i < u.count, u[i] == c(":") else { return false }
        let urlScheme = Array(u[0..<i])
        guard case let .standard(scheme, host, port, path) = kind else { return true }  // <all_urls>

        switch scheme {
        case .httpOrHTTPS:
            guard equalIgnoringASCIICase(urlScheme, Array("http".utf16))
                    || equalIgnoringASCIICase(urlScheme, Array("https".utf16)) else { return false }
        case .exact(let s):
            guard equalIgnoringASCIICase(urlScheme, Array(s.utf16)) else { return false }
        }
        // "//"
        guard i + 2 < u.count, u[i + 1] == c("/"), u[i + 2] == c("/") else { return false }
        let authorityStart = i + 3
        var authorityEnd = authorityStart
        while authorityEnd < u.count, u[authorityEnd] != c("/"), u[authorityEnd] != c("?"), u[authorityEnd] != c("#") {
            authorityEnd += 1
        }
        var hostStart = authorityStart
        if let at = u[authorityStart..<authorityEnd].lastIndex(of: c("@")) { hostStart = at + 1 }
        // host
        var hostEnd = hostStart
        if hostStart < authorityEnd, u[hostStart] == c("[") {
            guard let close = u[hostStart..<authorityEnd].firstIndex(of: c("]")) else { return false }
            hostEnd = close + 1
        } else {
            while hostEnd < authorityEnd, u[hostEnd] != c(":") {
                if u[hostEnd] == c("[") || u[hostEnd] == c("]") { return false }
                hostEnd += 1
            }
        }
        let urlHost = Array(u[hostStart..<hostEnd])
        // port: empty or ":" digits
        var urlPort: [UInt16]?
        if hostEnd < authorityEnd {
            guard u[hostEnd] == c(":") else { return false }
            let digits = Array(u[(hostEnd + 1)..<authorityEnd])
            guard digits.allSatisfy(isDigit16) else { return false }
            urlPort = digits
        }

        switch host {
        case .any:
            break
        case .exact(let h):
            guard equalIgnoringASCIICase(urlHost, Array(h.utf16)) else { return false }
        case .domainAndSubdomains(let d):
            let domain = Array(d.utf16)
            if !equalIgnoringASCIICase(urlHost, domain) {
                // a non-empty label sequence, then ".", then the domain
                guard urlHost.count >= domain.count + 2,
                      urlHost[urlHost.count - domain.count - 1] == c("."),
                      equalIgnoringASCIICase(Array(urlHost.suffix(domain.count)), domain)
                else { return false }
            }
        }
        if let port {
            guard let urlPort, urlPort == Array(port.utf16) else { return false }
        }

        // path + query, up to the fragment; a missing path is "/".
        var pathEnd = authorityEnd
        while pathEnd < u.count, u[pathEnd] != c("#") { pathEnd += 1 }
        var pathAndQuery = Array(u[authorityEnd..<pathEnd])
        if pathAndQuery.first != c("/") { pathAndQuery.insert(c("/"), at: 0) }
        return MatchPattern.globMatches(path, pathAndQuery)
    }

    /// Wildcard matching: literals in order, `*` any run. Greedy with one backtrack point,
    /// which is exact for `*`-only globs.
    static func globMatches(_ pieces: [PathPiece], _ text: [UInt16]) -> Bool {
        var position = 0
        var pieceIndex = 0
        var starPiece: Int?  // index of the last wildcard seen
        var starPosition = 0  // where text resumes after it
        while true {
            if pieceIndex == pieces.count {
                if position == text.count { return true }
            } else {
                switch pieces[pieceIndex] {
                case .wildcard:
                    starPiece = pieceIndex
                    starPosition = position
                    pieceIndex += 1
                    continue
                case .literal(let l):
                    if position + l.count <= text.count, Array(text[position..<(position + l.count)]) == l {
                        position += l.count
                        pieceIndex += 1
                        continue
                    }
                }
            }
            // mismatch: let the last wildcard swallow one more unit
            guard let star = starPiece, starPosition < text.count else { return false }
            starPosition += 1
            position = starPosition
            pieceIndex = star + 1
        }
    }

    // MARK: JavaScript

    /// A JavaScript regular-expression literal, anchored at the start, with the same semantics as
    /// `matches(_:)`, to test against `location.href`. Letters of the scheme and host are written
    /// as `[aA]` classes rather than with the `i` flag, which would also fold the path's case.
    var javaScriptRegex: String {
        guard case let .standard(scheme, host, port, path) = kind else {
            return "/^[a-zA-Z][a-zA-Z0-9+.\\-]*:/"
        }
        var r = "/^"
        switch scheme {
        case .httpOrHTTPS: r += "[hH][tT][tT][pP][sS]?"
        case .exact(let s): r += caseInsensitive(s)
        }
        r += ":\\/\\/(?:[^\\/?#]*@)?"
        let plainHost = "[^\\/?#@:\\[\\]]"
        switch host {
        case .any: r += "(?:\\[[^\\/?#@\\]]*\\]|\(plainHost)*)"
        case .domainAndSubdomains(let d): r += "(?:\(plainHost)+\\.)?" + caseInsensitive(d)
        case .exact(let h): r += caseInsensitive(h)
        }
        if let port {
            r += ":" + port
        } else {
            r += "(?::\\d*)?"
        }
        // The path starts with "/", or is missing (then it is "/" and the rest is query or nothing).
        r += "(?:\\/|(?=[?#]|$))"
        var pieces = path
        if case .literal(let first)? = pieces.first {
            // first is "/" + rest; the leading "/" is handled above.
            let rest = Array(first.dropFirst())
            pieces[0] = .literal(rest)
            if rest.isEmpty { pieces.removeFirst() }
        }
        if pieces.last == .wildcard {
            // a trailing `*` takes the rest of the path, the query and the fragment
            for piece in pieces.dropLast() { r += regexPiece(piece) }
            r += "[\\s\\S]*$/"
        } else {
            for piece in pieces { r += regexPiece(piece) }
            r += "(?:#[\\s\\S]*)?$/"
        }
        return r
    }

    private func regexPiece(_ piece: PathPiece) -> String {
        switch piece {
        case .wildcard: return "[^#]*"
        case .literal(let units): return units.map(escapeUnit).joined()
        }
    }

    private func caseInsensitive(_ text: String) -> String {
        text.utf16.map { unit -> String in
            if isLetter16(unit) {
                let lower = unit | 0x20, upper = unit & ~0x20
                return "[\(Character(Unicode.Scalar(lower)!))\(Character(Unicode.Scalar(upper)!))]"
            }
            return escapeUnit(unit)
        }.joined()
    }
}

/// The condition under which a script runs, from its `@match` and `@exclude-match` patterns.
enum LocationGuard {
    /// A single-line JavaScript expression that is true when the page at `location.href` should
    /// run the script: (no match patterns, or any of them matches) and no exclude pattern
    /// matches. Nil when both lists are empty. Patterns with the same regex are written once.
    static func condition(match: [MatchPattern], excludeMatch: [MatchPattern]) -> String? {
        func tests(_ patterns: [MatchPattern]) -> [String] {
            var seen = Set<String>()
            return patterns.compactMap { p in
                let regex = p.javaScriptRegex
                return seen.insert(regex).inserted ? "\(regex).test(location.href)" : nil
            }
        }
        let includes = tests(match)
        let excludes = tests(excludeMatch).map { "!" + $0 }
        var parts: [String] = []
        if includes.count == 1 {
            parts.append(includes[0])
        } else if includes.count > 1 {
            parts.append("(" + includes.joined(separator: " || ") + ")")
        }
        parts += excludes
        return parts.isEmpty ? nil : parts.joined(separator: " && ")
    }
}

// MARK: - Character helpers

private func c(_ s: Unicode.Scalar) -> UInt16 { UInt16(s.value) }
private func isLowerLetter(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
private func isUpperLetter(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
private func isLetter16(_ u: UInt16) -> Bool { (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) }
private func isDigit16(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }

private func lowered(_ u: UInt16) -> UInt16 { (u >= 0x41 && u <= 0x5A) ? u | 0x20 : u }

private func equalIgnoringASCIICase(_ a: [UInt16], _ b: [UInt16]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { lowered($0) == lowered($1) }
}

/// One UTF-16 unit as it appears inside a JavaScript regex literal: regex syntax characters
/// and `/` escaped, anything outside printable ASCII as `\uXXXX`, so the literal is plain ASCII
/// on one line.
private func escapeUnit(_ unit: UInt16) -> String {
    if unit < 0x20 || unit > 0x7E {
        let hex = String(unit, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    let ch = Character(Unicode.Scalar(unit)!)
    if "\\^$.|?*+()[]{}/".contains(ch) { return "\\" + String(ch) }
    return String(ch)
}
