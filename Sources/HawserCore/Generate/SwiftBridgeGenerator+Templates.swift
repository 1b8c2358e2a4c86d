extension SwiftBridgeGenerator {
    /// The long static parts of the generated Swift: `Generate/Templates/*.swift.txt`, embedded
    /// at compile time (see `Template`), written as the generated code reads, without a second
    /// level of string escapes. The parts that depend on the model stay in the generator.
    enum Templates {
        static let jsonValue = Template(file: "json-value.swift.txt", bytes: PackageResources.json_value_swift_txt)
        static let dispatch = Template(file: "dispatch.swift.txt", bytes: PackageResources.dispatch_swift_txt)
        static let origins = Template(file: "origins.swift.txt", bytes: PackageResources.origins_swift_txt)
        static let wire = Template(file: "wire.swift.txt", bytes: PackageResources.wire_swift_txt)
        static let webKitInstall = Template(file: "webkit-install.swift.txt", bytes: PackageResources.webkit_install_swift_txt)
        static let webKitScripts = Template(file: "webkit-scripts.swift.txt", bytes: PackageResources.webkit_scripts_swift_txt)
        static let webKitProxy = Template(file: "webkit-proxy.swift.txt", bytes: PackageResources.webkit_proxy_swift_txt)
        static let webKitCookies = Template(file: "webkit-cookies.swift.txt", bytes: PackageResources.webkit_cookies_swift_txt)
        static let webKitExtensions = Template(file: "webkit-extensions.swift.txt", bytes: PackageResources.webkit_extensions_swift_txt)
    }
}

extension SwiftCodeWriter {
    /// The lines of `template` filled with `values`, each indented to the current level.
    mutating func lines(_ template: Template, _ values: [String: String] = [:]) {
        var text = template.render(values)
        if text.hasSuffix("\n") { text.removeLast() }
        lines(text)
    }
}
