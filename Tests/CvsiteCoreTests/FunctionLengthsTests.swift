import Testing

/// The reader of function lengths the architecture tests use.
@Suite struct FunctionLengthsTests {
  @Test func findsFunctionsAndInitialisersWithTheirSpans() {
    let source = """
      struct S {
        init(a: Int) {
          print(a)
        }

        @inlinable public static func long<T>(_ x: T) -> Int {
          let brace = "}"  // }
          /* { */
          return 1
        }
      }
      """
    #expect(
      FunctionLengths.functions(in: source) == [
        .init(name: "init", line: 2, lines: 3), .init(name: "long", line: 6, lines: 5),
      ])
  }

  @Test func aNestedFunctionCountsInsideItsParent() {
    let body = (0..<130).map { "    let v\($0) = \($0)" }.joined(separator: "\n")
    let source = "func outer() {\n  func inner() {\n\(body)\n  }\n}\n"
    let found = FunctionLengths.functions(in: source)
    #expect(found.map(\.name) == ["outer", "inner"])
    #expect(found.map(\.lines) == [134, 132])
  }

  @Test func bracesInMultilineStringsDoNotCount() {
    let source = "func f() {\n  let s = \"\"\"\n    }\n    \"\"\"\n}\nfunc g() {}\n"
    #expect(FunctionLengths.functions(in: source).map(\.lines) == [5, 1])
  }
}

/// The reader of declared and used type names the stage-direction test uses.
@Suite struct StageReferencesTests {
  @Test func findsTopLevelTypesAndTheNamesCodeUses() {
    let source = """
      public final class Loaded: Sendable {
        struct Nested {}
        let index: SiteIndex
        let shown = "Rendered"  // Written
        /* Commented */
      }
      private enum Kind { case a }
      typealias Pair = (Int, Int)
      extension Other {}
      """
    #expect(StageReferences.declaredTypes(in: source) == ["Loaded", "Kind", "Pair"])
    let used = StageReferences.usedNames(in: source)
    #expect(used.isSuperset(of: ["SiteIndex", "Sendable", "Nested", "Other"]))
    #expect(used.isDisjoint(with: ["Rendered", "Written", "Commented"]))
  }
}
