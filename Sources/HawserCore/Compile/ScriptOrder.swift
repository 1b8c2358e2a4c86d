/// Orders scripts so that each comes after the scripts it `@require`s, ties broken by name.
enum ScriptOrder {
    struct Node {
        var name: String
        var requires: [ScriptRequire]
    }

    /// The order (indices into `nodes`), or the `@require` lines that form a cycle. Requires
    /// of unknown names are the caller's to report; they are ignored here.
    static func sort(_ nodes: [Node]) -> (order: [Int], cycle: [ScriptRequire]) {
        let index = Dictionary(nodes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var dependents = [[Int]](repeating: [], count: nodes.count)
        var remaining = [Int](repeating: 0, count: nodes.count)
        for (i, node) in nodes.enumerated() {
            for required in Set(node.requires.compactMap { index[$0.name] }) where required != i {
                dependents[required].append(i)
                remaining[i] += 1
            }
            if node.requires.contains(where: { index[$0.name] == i }) { remaining[i] += 1 }
        }
        // Kahn's algorithm with the ready set kept sorted by name.
        var ready = (0..<nodes.count).filter { remaining[$0] == 0 }
        var order: [Int] = []
        while !ready.isEmpty {
            ready.sort { nodes[$0].name > nodes[$1].name }
            let next = ready.removeLast()
            order.append(next)
            for dependent in dependents[next] {
                remaining[dependent] -= 1
                if remaining[dependent] == 0 { ready.append(dependent) }
            }
        }
        guard order.count < nodes.count else { return (order, []) }
        let placed = Set(order)
        let cycle = nodes.indices.filter { !placed.contains($0) }.flatMap { i in
            nodes[i].requires.filter { required in index[required.name].map { !placed.contains($0) } ?? false }
        }
        return (order, cycle.sorted { $0.location < $1.location })
    }
}
