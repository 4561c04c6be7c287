import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ContainerViewsMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [EntryMacro.self]
}
