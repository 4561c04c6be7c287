import ContainerViews
import Testing

@Suite("G. Tags")
struct TagTests {
  @Test("a tag is written for V and, by default, for Optional<V>")
  func rG1_includeOptional() throws {
    let all = try subviews {
      Text("A").tag(5)
      Text("B").tag(5, includeOptional: false)
      Text("C").tag(5, includeOptional: false).tag(Optional(9))
    }
    #expect(all[0].containerValues.tag(for: Int?.self) == .some(5))
    #expect(all[1].containerValues.tag(for: Int.self) == 5)
    #expect(all[1].containerValues.tag(for: Int?.self) == nil)
    // The inner non-optional write marks the view untagged for Int?, over the outer write.
    #expect(all[2].containerValues.tag(for: Int?.self) == nil)
  }

  @Test("tag(for:) returns the tag of exactly that type")
  func rG2_tagFor() throws {
    let values = try subviews { Text("A").tag(5) }[0].containerValues
    #expect(values.tag(for: Int.self) == 5)
    #expect(values.tag(for: Int?.self) == .some(5))
    #expect(values.tag(for: Int64.self) == nil)
    #expect(values.tag(for: String.self) == nil)
  }

  @Test("hasTag matches type and value")
  func rG3_hasTag() throws {
    let all = try subviews {
      Text("A").tag(5)
      Text("B").tag(Optional(5))
    }
    #expect(all[0].containerValues.hasTag(5))
    #expect(!all[0].containerValues.hasTag(Int64(5)))
    #expect(!all[0].containerValues.hasTag(6))
    #expect(!all[1].containerValues.hasTag(5))
    #expect(all[1].containerValues.hasTag(Optional(5)))
  }

  @Test("ForEach rows are tagged with their id unless they set a tag of that type")
  func rG4_implicitTags() throws {
    let plain = try subviews { ForEach(["x", "y"], id: \.self) { Text($0) } }
    #expect(plain.map { $0.containerValues.tag(for: String.self) } == ["x", "y"])
    let tagged = try subviews { ForEach(["x", "y"], id: \.self) { Text($0).tag(1) } }
    #expect(tagged.map { $0.containerValues.tag(for: Int.self) } == [1, 1])
    #expect(tagged.map { $0.containerValues.tag(for: String.self) } == ["x", "y"])
    let overridden = try subviews { ForEach(["x", "y"], id: \.self) { Text($0).tag("own-" + $0) } }
    #expect(overridden.map { $0.containerValues.tag(for: String.self) } == ["own-x", "own-y"])
  }

  @Test("auxiliary content has no tag")
  func rG5_auxiliaryContent() throws {
    let all = try subviews {
      ForEach(["x", "y"], id: \.self) { id in
        if id == "x" { Text(id).tag(1)._untagged() } else { Text(id) }
      }
    }
    #expect(all[0].containerValues.tag(for: Int.self) == nil)
    #expect(all[0].containerValues.tag(for: String.self) == nil)
    #expect(all[1].containerValues.tag(for: String.self) == "y")
  }

  @Test("tags follow the scoping of container values")
  func rG6_tagScoping() throws {
    #expect(try subviews { VStack { Text("A").tag(1) } }[0].containerValues.tag(for: Int.self) == nil)
    #expect(try subviews { Text("A").tag(1).padding() }[0].containerValues.tag(for: Int.self) == 1)
    #expect(
      try subviews {
        Group {
          Text("A")
          Text("B")
        }.tag(2)
      }.map { $0.containerValues.tag(for: Int.self) } == [2, 2])
    #expect(try subviews { Text("A").tag(1).tag(2) }[0].containerValues.tag(for: Int.self) == 1)
  }

  @Test("A tab bar selects its active tab with hasTag")
  func tabBarSelection() {
    struct Tabs<Content: View>: View {
      let selection: String
      @ViewBuilder let content: Content
      var body: some View {
        HTMLElement("div", attributes: ["role": "tablist"]) {
          ForEach(subviews: content) { tab in
            HTMLElement(
              "button",
              attributes: ["role": "tab", "aria-selected": tab.containerValues.hasTag(selection) ? "true" : "false"]
            ) { tab }
          }
        }
      }
    }
    let html = renderHTML(
      Tabs(selection: "linux") {
        Text("macOS").tag("mac")
        Text("Linux").tag("linux")
      })
    #expect(
      html
        == #"<div role="tablist"><button role="tab" aria-selected="false">macOS</button><button role="tab" aria-selected="true">Linux</button></div>"#
    )
  }
}
