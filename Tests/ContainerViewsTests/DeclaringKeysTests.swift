import ContainerViews
import Testing

@Suite("A. Declaring keys and defaults")
struct DeclaringKeysTests {
  @Test("a manual key and an @Entry key behave identically")
  func rA1_keyDeclaration() throws {
    let viaEntry = try subviews {
      Text("A").containerValue(\.badge, "pro")
      Text("B")
      Group {
        Text("C")
        Text("D").containerValue(\.badge, "d")
      }.containerValue(\.badge, "g")
      VStack { Text("E").containerValue(\.badge, "e") }
    }.map { $0.containerValues.badge }
    let viaManual = try subviews {
      Text("A").containerValue(\.manualBadge, "pro")
      Text("B")
      Group {
        Text("C")
        Text("D").containerValue(\.manualBadge, "d")
      }.containerValue(\.manualBadge, "g")
      VStack { Text("E").containerValue(\.manualBadge, "e") }
    }.map { $0.containerValues.manualBadge }
    #expect(viaEntry == ["pro", "none", "g", "d", "none"])
    #expect(viaManual == viaEntry)
  }

  @Test("@Entry infers the value type from the default")
  func rA1_inferredType() throws {
    let values = try subviews {
      Text("A").containerValue(\.inferred, 3)
      Text("B")
    }
    #expect(values.map { $0.containerValues.inferred } == [3, 7])
  }

  @Test("reading an unset key gives its default")
  func rA2_defaultWhenUnset() throws {
    #expect(try badges { Text("A") } == ["none"])
    #expect(try subviews { Text("A") }[0].containerValues.pin == PinPosition())
  }

  @Test("the subscript by key type equals the property; local writes do not reach the view")
  func rA3_subscriptByKeyType() throws {
    let all = try subviews { Text("A").containerValue(\.manualBadge, "x") }
    var values = all[0].containerValues
    #expect(values[ManualBadgeKey.self] == values.manualBadge)
    values[ManualBadgeKey.self] = "changed"
    #expect(values.manualBadge == "changed")
    #expect(all[0].containerValues.manualBadge == "x")
  }

  @Test("keys are identified by type, not by value type or default")
  func rA4_keysByType() throws {
    let values = try subviews { Text("A").containerValue(\.badge, "x") }[0].containerValues
    #expect(values.badge == "x")
    #expect(values.otherBadge == "none")
    #expect(values.manualBadge == "none")
  }

  @Test("a default read twice is equal")
  func rA5_defaultEvaluation() throws {
    let values = try subviews { Text("A") }[0].containerValues
    #expect(values.pin == values.pin)
    #expect(ContainerValues().badge == ContainerValues().badge)
  }

  @Test("an empty collection can be made for tests and reads defaults")
  func rA6_publicInitializer() {
    let values = ContainerValues()
    #expect(values.badge == "none")
    #expect(values.tag(for: Int.self) == nil)
  }
}
