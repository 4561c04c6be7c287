// The macro comes with the package's default trait, `EntryMacro`; a build without it
// (`--disable-default-traits`, as the `cvsite` executable is built) leaves swift-syntax
// out, and keys are written by hand.
#if ENTRY_MACRO
/// Declares a value in `extension ContainerValues` or `extension EnvironmentValues`.
///
/// ```swift
/// extension ContainerValues {
///   @Entry var badge: Badge = .none
/// }
/// ```
/// generates a private key type whose `defaultValue` is the initial value, and a
/// property that reads and writes `self[Key.self]`.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "ContainerViewsMacros", type: "EntryMacro")
#endif
