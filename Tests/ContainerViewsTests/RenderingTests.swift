import ContainerViews
import Testing

@Suite("HTML rendering")
struct RenderingTests {
  @Test("text and attributes are escaped")
  func escaping() {
    #expect(renderHTML(Text("<b> & \"q\"")) == "&lt;b&gt; &amp; &quot;q&quot;")
    #expect(
      renderHTML(HTMLElement("a", attributes: ["href": "/x?a=1&b=\"2\""]) { Text("x") })
        == #"<a href="/x?a=1&amp;b=&quot;2&quot;">x</a>"#)
    #expect(renderHTML(RawHTML("<em>raw</em>")) == "<em>raw</em>")
  }

  @Test("void elements have no end tag")
  func voidElements() {
    #expect(renderHTML(HTMLElement("img", attributes: ["src": "a.png", "alt": ""])) == #"<img src="a.png" alt="">"#)
  }

  @Test("modifiers merge into the element: classes and styles accumulate")
  func attributeMerging() {
    let html = renderHTML(
      HTMLElement("p", attributes: ["class": "a"]) { Text("x") }
        .cssClass("b c").cssClass("a").padding(.horizontal, 8).htmlAttribute("title", "t").id("intro"))
    #expect(html == #"<p class="a b c" style="padding-right:8px;padding-left:8px" title="t" id="intro">x</p>"#)
  }

  @Test("raw markup with attributes is wrapped in a div")
  func rawWithAttributes() {
    #expect(renderHTML(RawHTML("<p>x</p>").cssClass("k")) == #"<div class="k"><p>x</p></div>"#)
  }

  @Test("stacks render as flex containers with spacing and alignment")
  func stacks() {
    #expect(
      renderHTML(HStack(alignment: .top, spacing: 4.5) { Text("a") })
        == #"<div class="cv-hstack" style="display:flex;flex-direction:row;align-items:flex-start;gap:4.5px">a</div>"#)
    #expect(
      renderHTML(VStack(alignment: .leading) { EmptyView() })
        == #"<div class="cv-vstack" style="display:flex;flex-direction:column;align-items:flex-start"></div>"#)
  }

  @Test("grid items map to CSS tracks")
  func gridTracks() {
    let html = renderHTML(
      LazyVGrid(columns: [GridItem(.fixed(100), spacing: 8), GridItem(.adaptive(minimum: 80))], spacing: 4) {
        Text("a")
      })
    #expect(
      html
        == #"<div class="cv-grid" style="display:grid;grid-template-columns:100px repeat(auto-fill,minmax(80px,1fr));column-gap:8px;row-gap:4px">a</div>"#
    )
  }

  @Test("environment values set on a subtree are read in bodies beneath it")
  func environment() {
    struct Label: View {
      @Environment(\.accent) var accent
      var body: some View { Text(accent) }
    }
    #expect(
      renderHTML(
        Group {
          Label()
          Label().environment(\.accent, "inner")
        }.environment(\.accent, "outer")) == "outerinner")
  }
}

@Suite("Escaping bytes")
struct EscapingBytesTests {
  @Test(
    "the byte path escapes what escapeHTML escapes, and the apostrophe only when asked",
    arguments: ["", "plain", "a&b<c>d\"e'f", "<<&&\"\"''", "é & ü", "ends with &", "\u{1F600}<"])
  func sameAsEscapeHTML(text: String) {
    var copy = text
    let (plain, mustache) = copy.withUTF8 { bytes -> ([UInt8], [UInt8]) in
      var plain: [UInt8] = []
      var mustache: [UInt8] = []
      appendEscapedHTML(utf8: bytes, to: &plain)
      appendEscapedHTML(utf8: bytes, apostrophe: true, to: &mustache)
      return (plain, mustache)
    }
    #expect(String(decoding: plain, as: UTF8.self) == escapeHTML(text))
    #expect(
      String(decoding: mustache, as: UTF8.self) == escapeHTML(text).replacingOccurrences(of: "'", with: "&#39;"))
  }

  @Test("long random text: eight bytes at a time where nothing is escaped, escapes at every offset")
  func longText() {
    let pieces = ["a", "bcdefgh", "&", "<", ">", "\"", "'", " ", "é", "東京", "\u{1F600}", "x&y", "12345678"]
    // A fixed linear congruential sequence: the same texts on every run.
    var state: UInt64 = 9
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2_000 {
      let text = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
      sameAsEscapeHTML(text: text)
    }
  }
}
