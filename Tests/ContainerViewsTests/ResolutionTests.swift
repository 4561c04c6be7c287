import ContainerViews
import Testing

struct Item: Identifiable {
  let id: String
  let badge: String
}

struct Pair: View {
  var body: some View {
    Text("a")
    Text("b")
  }
}

struct StackedPair: View {
  var body: some View {
    VStack {
      Text("a").containerValue(\.badge, "hidden")
      Text("b")
    }
  }
}

struct Row: View {
  var body: some View { Text("r").containerValue(\.badge, "r") }
}

/// A modifier whose body places the content in a container, so that content is one subview.
struct CardModifier: ViewModifier {
  func body(content: Content) -> some View {
    HTMLElement("div", attributes: ["class": "card"]) { content }
  }
}

/// A modifier whose body decorates the content: not a container.
struct LeadModifier: ViewModifier {
  func body(content: Content) -> some View { content.cssClass("lead") }
}

@Suite("D. Resolution and flattening")
struct ResolutionTests {
  let items = [Item(id: "x", badge: "1"), Item(id: "y", badge: "2"), Item(id: "z", badge: "3")]

  @Test("view builder blocks flatten in source order")
  func rD1_blocksFlatten() throws {
    let all = try subviews {
      Text("A")
      Text("B")
      Text("C")
    }
    #expect(all.count == 3)
    #expect(all.map { renderHTML($0) } == ["A", "B", "C"])
  }

  @Test("ForEach expands to one subview per item")
  func rD2_forEachExpands() throws {
    #expect(try badges { ForEach(items) { Text($0.id).containerValue(\.badge, $0.badge) } } == ["1", "2", "3"])
    let mixed = try subviews {
      Text("x")
      ForEach(items.prefix(2)) { Text($0.id) }
    }
    #expect(mixed.count == 3)
  }

  @Test("Group is transparent")
  func rD3_groupTransparent() throws {
    #expect(
      try subviews {
        Group {
          Text("A")
          Text("B")
        }
      }.count == 2)
  }

  @Test("modifiers on multi-view content distribute")
  func rD4_modifiersDistribute() throws {
    #expect(
      try badges {
        Group {
          Text("A")
          Text("B")
        }.containerValue(\.badge, "g")
      } == ["g", "g"])
    #expect(try badges { ForEach(items) { Text($0.id) }.containerValue(\.badge, "f") } == ["f", "f", "f"])
    let padded = try subviews {
      Group {
        Text("A")
        Text("B")
      }.padding()
    }
    #expect(
      padded.map { renderHTML($0) } == [
        #"<span style="padding:16px">A</span>"#, #"<span style="padding:16px">B</span>"#,
      ])
  }

  @Test("conditionals contribute the chosen branch only", arguments: [true, false])
  func rD5_conditionals(flag: Bool) throws {
    let all = try subviews {
      if flag {
        Text("A")
      } else {
        Text("B")
        Text("C")
      }
    }
    #expect(all.count == (flag ? 1 : 2))
    let none = try subviews {
      if flag && !flag { Text("A") }
    }
    #expect(none.isEmpty)
  }

  @Test("optional content: nil is zero subviews")
  func rD6_optionals() throws {
    let missing: Text? = nil
    let present: Text? = Text("A")
    #expect(try subviews { missing }.count == 0)
    #expect(try subviews { present }.count == 1)
  }

  @Test("EmptyView contributes nothing and renders nothing")
  func rD7_emptyView() throws {
    #expect(
      try subviews {
        Text("A")
        EmptyView()
        Text("B")
      }.count == 2)
    #expect(renderHTML(EmptyView()) == "")
  }

  @Test("AnyView is transparent")
  func rD8_anyView() throws {
    #expect(
      try subviews {
        AnyView(
          Group {
            Text("A")
            Text("B")
          })
      }.count == 2)
    #expect(try badges { AnyView(AnyView(Text("A"))).containerValue(\.badge, "x") } == ["x"])
  }

  @Test("custom views resolve through body")
  func rD9_customViews() throws {
    #expect(try badges { Pair().containerValue(\.badge, "p") } == ["p", "p"])
    #expect(try badges { StackedPair() } == ["none"])
  }

  @Test("a value set inside a transparent body is visible")
  func rD10_valueInsideBody() throws {
    #expect(try badges { Row() } == ["r"])
  }

  @Test("a modifier that wraps its content in one element is a container")
  func rD11_unaryModifiers() throws {
    let collapsed = try subviews {
      Group {
        Text("A").containerValue(\.badge, "a")
        Text("B")
      }
      .modifier(CardModifier())
      .containerValue(\.badge, "outside")
    }
    #expect(collapsed.count == 1)
    #expect(collapsed[0].containerValues.badge == "outside")
    #expect(renderHTML(collapsed[0]) == #"<div class="card">AB</div>"#)
    let decorated = try subviews {
      Group {
        Text("A").containerValue(\.badge, "a")
        Text("B")
      }.modifier(LeadModifier())
    }
    #expect(decorated.map { $0.containerValues.badge } == ["a", "none"])
  }
}
