/// Hands out names that do not clash: a name already taken gets a number (`aB`, `aB2`, `aB3`…,
/// or `id_2` with a separator). Names are taken in the order they are claimed, so the result
/// is deterministic.
struct UniqueNames {
    private(set) var taken: Set<String>

    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// `base`, or `base` + separator + 2, 3… when that is taken; taken from then on.
    mutating func claim(_ base: String, separator: String = "") -> String {
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = base + separator + String(number)
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Marks `name` as taken without handing it out.
    mutating func reserve(_ name: String) {
        taken.insert(name)
    }
}
