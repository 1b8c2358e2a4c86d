import WebKit

// None of these functions has a caller the scan can see: the names come from the conformers.
final class Installer: NSObject {
    let controller = WKUserContentController()

    func install(_ scripts: [UserScript]) {
        for s in scripts {
            for n in s.messageNames { controller.add(self, name: n) }
        }
    }

    func installAny(_ scripts: [any UserScript]) {
        scripts.forEach { script in
            script.messageNames.forEach { name in controller.add(self, name: name) }
        }
    }

    func installOne(_ script: some UserScript) {
        for n in script.messageNames { controller.add(self, name: n) }
    }

    func installExistential(_ script: any UserScript) {
        script.messageNames.forEach { controller.add(self, name: $0) }
    }

    func installGeneric<T: UserScript>(_ scripts: [T]) {
        for s in scripts {
            for n in s.messageNames { controller.add(self, name: n) }
        }
    }

    func installNamed<T: NamedScript>(_ type: T.Type) {
        controller.add(self, name: T.scriptName)
    }
}

// The property of a conformer, assigned and appended to from outside.
func configure() -> ConfigurableScript {
    let script = ConfigurableScript()
    script.messageNames = ["configured"]
    script.messageNames.append("configuredLater")
    return script
}

// Not a conformer: its `messageNames` never joins the union.
final class Unrelated {
    var messageNames: [String] = []
}

func unrelated() {
    let other = Unrelated()
    other.messageNames = ["notAHandler"]
}

// A collection of protocol values whose contents are all known: only those conformers.
final class KnownScripts: NSObject {
    let controller = WKUserContentController()
    var scripts: [UserScript] = [PrintScript()]

    func install() {
        scripts.append(ShareScript())
        for s in scripts {
            for n in s.messageNames { controller.add(self, name: n) }
        }
    }
}
