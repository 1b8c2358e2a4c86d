/// Finds the registered name a misspelt one most likely meant, and writes the
/// "; did you mean '…'?" that every message offering one ends its sentence with.
public enum NameSuggester {
    /// "; did you mean 'NAME'?" for the `suggestion(for:among:)` of `name`, or "" when there is none.
    public static func suffix(for name: String, among candidates: some Sequence<String>) -> String {
        suffix(suggesting: suggestion(for: name, among: candidates))
    }

    /// "; did you mean 'SUGGESTION'?", or "" when `suggestion` is nil: for messages whose
    /// suggestion is not a nearest name (a fixed alternative, or a name shown with a prefix).
    static func suffix(suggesting suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate equal to `name` ignoring case, or else the nearest candidate within edit
    /// distance 2 (insertions, deletions, substitutions and adjacent transpositions). Ties go to
    /// the alphabetically first candidate, so the answer is deterministic.
    static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        Index(candidates).suggestion(for: name)
    }

    /// The candidates made ready once for many look-ups (a check asks for one suggestion per
    /// finding): sorted, by lowercased spelling, and by length, since a candidate whose length
    /// differs by more than 2 cannot be within edit distance 2.
    struct Index {
        private var byLowercase: [String: [String]] = [:]
        private var byLength: [Int: [Candidate]] = [:]

        /// A candidate with its scalars and which of 64 buckets (scalar value modulo 64) its
        /// scalars fall in. Each edit changes the count of at most two buckets, so two names
        /// within distance 2 differ in at most 4 buckets: a candidate whose buckets differ in
        /// more is not compared at all.
        private struct Candidate {
            var name: String
            var scalars: [Unicode.Scalar]
            var buckets: UInt64

            init(_ name: String) {
                self.name = name
                scalars = Array(name.unicodeScalars)
                buckets = Self.buckets(scalars)
            }

            static func buckets(_ scalars: [Unicode.Scalar]) -> UInt64 {
                scalars.reduce(0) { $0 | (1 << UInt64($1.value % 64)) }
            }
        }

        init(_ candidates: some Sequence<String>) {
            for candidate in candidates.sorted() {
                byLowercase[candidate.lowercased(), default: []].append(candidate)
                let entry = Candidate(candidate)
                byLength[entry.scalars.count, default: []].append(entry)
            }
        }

        /// `NameSuggester.suggestion(for:among:)` over the indexed candidates.
        func suggestion(for name: String) -> String? {
            if let sameIgnoringCase = byLowercase[name.lowercased()]?.first(where: { $0 != name }) {
                return sameIgnoringCase
            }
            let scalars = Array(name.unicodeScalars)
            let length = scalars.count, buckets = Candidate.buckets(scalars)
            var best: (distance: Int, name: String)?
            for candidateLength in (length - 2)...(length + 2) {
                for candidate in byLength[candidateLength] ?? []
                where (candidate.buckets ^ buckets).nonzeroBitCount <= 4 && candidate.name != name {
                    let distance = editDistance(scalars, candidate.scalars, limit: 2)
                    if distance <= 2, best.map({ distance < $0.distance || (distance == $0.distance && candidate.name < $0.name) }) ?? true {
                        best = (distance, candidate.name)
                    }
                }
            }
            return best?.name
        }
    }

    /// Optimal string alignment distance between `a` and `b`, or a value above `limit` as soon
    /// as the distance is known to exceed it.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
