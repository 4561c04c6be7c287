import ContainerViews
import Testing

@Suite("B. Writing values")
struct WritingValuesTests {
  @Test("a value set on one view is read on that subview only")
  func rB1_setOnOneView() throws {
    #expect(
      try badges {
        Text("A").containerValue(\.badge, "pro")
        Text("B")
      } == ["pro", "none"])
  }

  @Test("member key paths write one member and keep the others")
  func rB2_memberKeyPaths() throws {
    let all = try subviews {
      Text("A").containerValue(\.pin.xOffset, 3)
      Text("B").containerValue(\.pin.rotation, 10).containerValue(\.pin.xOffset, 5)
    }
    #expect(all[0].containerValues.pin == PinPosition(rotation: 0, xOffset: 3))
    #expect(all[1].containerValues.pin == PinPosition(rotation: 10, xOffset: 5))
  }

  @Test("the same key twice on one view: the innermost write wins")
  func rB3_innermostWins() throws {
    #expect(try badges { Text("A").containerValue(\.badge, "inner").containerValue(\.badge, "outer") } == ["inner"])
    #expect(
      try badges {
        Group {
          Text("A").containerValue(\.badge, "a")
          Text("B")
        }.containerValue(\.badge, "g")
      } == ["a", "g"])
  }

  @Test("whole and member writes compose in modifier order")
  func rB4_wholeVersusMember() throws {
    let outerWhole = try subviews {
      Text("A").containerValue(\.pin.rotation, 10).containerValue(\.pin, PinPosition(rotation: 0, xOffset: 5))
    }
    let innerWhole = try subviews {
      Text("A").containerValue(\.pin, PinPosition(rotation: 0, xOffset: 5)).containerValue(\.pin.rotation, 10)
    }
    #expect(outerWhole[0].containerValues.pin == PinPosition(rotation: 10, xOffset: 5))
    #expect(innerWhole[0].containerValues.pin == PinPosition(rotation: 0, xOffset: 5))
  }

  @Test("writing a value changes neither markup nor the number of subviews")
  func rB5_noRenderingEffect() throws {
    #expect(renderHTML(Text("A").containerValue(\.badge, "x")) == renderHTML(Text("A")))
    #expect(
      renderHTML(VStack { Text("A").containerValue(\.badge, "x") }.containerValue(\.badge, "y"))
        == renderHTML(VStack { Text("A") }))
    #expect(try subviews { Text("A").containerValue(\.badge, "x") }.count == 1)
  }
}
