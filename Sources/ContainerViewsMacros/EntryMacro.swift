import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Entry var name: Type = default` inside `extension ContainerValues` or
/// `extension EnvironmentValues`: generates a private key type (peer) and the
/// getter/setter that read and write it through the collection's subscript (accessor).
public struct EntryMacro: AccessorMacro, PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let entry = try Entry(declaration, context: context) else { return [] }
    return [
      "get { self[\(raw: entry.keyName).self] }",
      "set { self[\(raw: entry.keyName).self] = newValue }",
    ]
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let entry = try Entry(declaration, context: context) else { return [] }
    let conformance = "ContainerViews.\(entry.keyProtocol)"
    let decl: DeclSyntax
    if let type = entry.type {
      // A computed default: accepts value types that are not Sendable (Swift 6) and is
      // evaluated the same way on every read, so defaults must be pure values.
      decl = """
        private struct \(raw: entry.keyName): \(raw: conformance) {
          typealias Value = \(type)
          static var defaultValue: Value { \(entry.defaultValue) }
        }
        """
    } else {
      decl = """
        private struct \(raw: entry.keyName): \(raw: conformance) {
          static let defaultValue = \(entry.defaultValue)
        }
        """
    }
    return [decl]
  }
}

/// What `@Entry` needs to know about the variable it is attached to.
struct Entry {
  var name: String
  var type: TypeSyntax?
  var defaultValue: ExprSyntax
  var keyProtocol: String

  var keyName: String { "__Key_\(name)" }

  /// Returns nil (after diagnosing) when the declaration cannot carry `@Entry`.
  init?(_ declaration: some DeclSyntaxProtocol, context: some MacroExpansionContext) throws {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.bindingSpecifier.tokenKind == .keyword(.var),
      variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
    else {
      context.diagnose(.init(node: declaration, message: EntryMessage.notAVariable))
      return nil
    }
    if binding.accessorBlock != nil {
      context.diagnose(.init(node: declaration, message: EntryMessage.hasAccessors))
      return nil
    }
    guard let keyProtocol = Self.keyProtocol(in: context) else {
      context.diagnose(.init(node: declaration, message: EntryMessage.wrongContext))
      return nil
    }
    let type = binding.typeAnnotation?.type.trimmed
    let value: ExprSyntax
    if let initializer = binding.initializer {
      value = initializer.value.trimmed
    } else if let type, type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      value = "nil"
    } else {
      context.diagnose(.init(node: declaration, message: EntryMessage.missingDefault))
      return nil
    }
    self.name = identifier.identifier.trimmedDescription
    self.type = type
    self.defaultValue = value
    self.keyProtocol = keyProtocol
  }

  /// The key protocol that matches the extended type: `ContainerValues` or `EnvironmentValues`.
  static func keyProtocol(in context: some MacroExpansionContext) -> String? {
    for scope in context.lexicalContext {
      guard let ext = scope.as(ExtensionDeclSyntax.self) else { continue }
      let name = ext.extendedType.trimmedDescription
      switch name.split(separator: ".").last.map(String.init) {
      case "ContainerValues": return "ContainerValueKey"
      case "EnvironmentValues": return "EnvironmentKey"
      default: return nil
      }
    }
    return nil
  }
}

enum EntryMessage: String, DiagnosticMessage {
  case notAVariable = "@Entry applies to a single 'var' declaration"
  case hasAccessors = "@Entry generates the accessors; remove the ones written here"
  case wrongContext = "@Entry is only valid inside 'extension ContainerValues' or 'extension EnvironmentValues'"
  case missingDefault = "@Entry needs a default value: write '= value' (optional types default to nil)"

  var message: String { rawValue }
  var diagnosticID: MessageID { MessageID(domain: "ContainerViewsMacros", id: "\(self)") }
  var severity: DiagnosticSeverity { .error }
}
