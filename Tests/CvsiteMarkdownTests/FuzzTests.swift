import ContainerViews
import CvsiteMarkdown
import CvsiteTestSupport
import Testing

/// Arbitrary bytes never crash or hang the parser; deep nesting and long lines finish.
@Suite struct FuzzTests {
  static let seeds = [
    ":::cards{cols=3}\n## Free {badge=none}\ntext\n## Pro {badge=highlighted #pro .x}\n:::\n",
    "::::cards\n:::tabs[Install]{sync=os badge=new}\n### macOS {value=mac}\n```sh\nbrew\n```\n:::\n::::\n",
    "---\ntitle: T\nbadge: new\n---\n> :::steps\n> 1. a\n> 2. b\n> :::\n\n- x\n\n  :::group{badge=muted}\n  ## y\n  :::\n",
    "# H {#a}\n\n:badge[B]{variant=x} 10:30 ::field{name=n required}\n\n:::cards\n::field[F]{name=\"a b\"}\n:::\n",
  ]

  @Test func randomAndMutatedInputs() {
    var random = SeededRandom(seed: 42)
    let alphabet = Array(":::{}[]#.=\"'\\\n >-*`~1 abc\t&;<!".utf8)
    var ran = 0
    var invalidUTF8 = 0
    for round in 0..<4000 {
      var bytes: [UInt8]
      if round % 3 == 0 {
        let count = Int(random.next() % 300)
        bytes = (0..<count).map { _ in
          random.next() % 4 == 0
            ? UInt8(truncatingIfNeeded: random.next()) : alphabet[Int(random.next() % UInt64(alphabet.count))]
        }
      } else {
        bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
        for _ in 0..<(1 + Int(random.next() % 8)) {
          guard !bytes.isEmpty else { break }
          let at = Int(random.next() % UInt64(bytes.count))
          switch random.next() % 4 {
          case 0: bytes.remove(at: at)
          case 1: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
          case 2: bytes[at] = UInt8(truncatingIfNeeded: random.next())
          default:
            let end = min(bytes.count, at + Int(random.next() % 20))
            bytes.insert(contentsOf: bytes[at..<end], at: at)
          }
        }
      }
      let page = MarkdownParser(schema: testSchema).parse(bytes: bytes, path: "fuzz.md")
      _ = renderHTML(page.body)
      if String(validating: bytes, as: UTF8.self) == nil {
        invalidUTF8 += 1
        #expect(page.diagnostics.contains { $0.message.hasPrefix("invalid UTF-8") })
      }
      ran += 1
    }
    print("fuzz: \(ran) inputs (\(invalidUTF8) with invalid UTF-8) parsed and rendered without a crash")
    #expect(ran == 4000)
  }

  @Test func deepNestingAndLongLinesFinish() {
    let quotes = String(repeating: "> ", count: 10_000) + "deep\n"
    #expect(renderHTML(parse(quotes).body).contains("deep"))
    let lists = String(repeating: "- ", count: 5_000) + "x\n"
    _ = renderHTML(parse(lists).body)
    var containers = ""
    for depth in 0..<90 { containers += String(repeating: ":", count: 3 + (90 - depth)) + "cards\n" }
    containers += "## inner {badge=new}\n"
    for depth in (0..<90).reversed() { containers += String(repeating: ":", count: 3 + (90 - depth)) + "\n" }
    let nested = parse(containers)
    #expect(!nested.hasErrors, "\(nested.diagnostics.prefix(3))")
    #expect(renderHTML(nested.body).contains("inner"))
    let tooDeep = String(repeating: ":::cards\n", count: 200) + String(repeating: ":::\n", count: 200)
    #expect(parse(tooDeep).diagnostics.contains { $0.message.contains("nested more than") })
    let long = String(repeating: "word *em* `code` [l](/u) ", count: 40_000) + "\n"
    #expect(renderHTML(parse(long).body).count > long.count)
    let longHeading = "## " + String(repeating: "{a} ", count: 20_000) + "{b}\n"
    _ = parse(longHeading)
  }
}
