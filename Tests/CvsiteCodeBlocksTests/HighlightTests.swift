import CvsiteBuiltInFiles
import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteCodeBlocks

/// The default theme's language definitions, from the checkout.
let themeLanguages = FileTree.folder(repositoryRoot.appendingPathComponent("themes/default/languages"))

/// The built-in language definitions plus the default theme's.
let sharedLanguages: CodeLanguages = CodeLanguages.load(trees: [BuiltInFiles.languageSpecs, themeLanguages]).0

/// The text of every span of class `tokenClass` in `html`, its `&quot;` read as `"`
/// (the other escapes stay, so a test can see them).
func spans(_ tokenClass: String, in html: String) -> [String] {
  html.components(separatedBy: "<span class=\"\(tokenClass)\">").dropFirst().map {
    String($0[..<($0.range(of: "</span>")?.lowerBound ?? $0.endIndex)]).replacingOccurrences(of: "&quot;", with: "\"")
  }
}

@Suite("Highlighting with GtkSourceView language definitions")
struct HighlightTests {
  @Test("the built-in definitions and the theme's load without problems")
  func loads() {
    let (languages, problems) = CodeLanguages.load(trees: [BuiltInFiles.languageSpecs, themeLanguages])
    #expect(problems.isEmpty, "\(problems)")
    #expect(languages.count > 150)
    for name in [
      "swift", "sh", "bash", "zsh", "console", "shell-session", "yaml", "yml", "json", "toml", "html", "xml", "css",
      "js", "javascript", "ts", "typescript", "py", "python", "c", "cpp", "objc", "go", "rust", "java", "kotlin",
      "ruby", "sql", "diff", "markdown", "dockerfile", "makefile", "mustache",
    ] {
      #expect(languages.languageID(for: name) != nil, "\(name)")
    }
    // Names are matched without case; lowercase ones skip the lowercased copy.
    #expect(languages.languageID(for: "Swift") == "swift")
    #expect(languages.languageID(for: "YAML") == languages.languageID(for: "yaml"))
    #expect(languages.languageID(for: "Dockerfile") == languages.languageID(for: "dockerfile"))
    #expect(languages.languageID(for: "Ünknown") == nil)
    // Every alias names a definition that is there (`cs` once named a `csharp` that
    // GtkSourceView calls `c-sharp`, and fell back to no colour).
    for (alias, id) in CodeLanguages.commonAliases {
      #expect(languages.languageID(for: alias) == id, "\(alias) → \(id)")
    }
    // `python` is Python 3, though GtkSourceView's Python 2 definition has that id.
    #expect(languages.languageID(for: "python") == "python3")
    #expect(languages.languageID(for: "Python") == "python3")
    #expect(languages.languageID(for: "python2") == "python")
  }

  @Test("a CVSITE_LANGUAGE_SPECS folder without definitions is one I/O error that says so")
  func baseDefinitionsMissing() throws {
    let missing = FileTree.folder(URL(fileURLWithPath: "/nonexistent/language-specs"))
    let (languages, problems) = CodeLanguages.load(trees: [missing, themeLanguages])
    let problem = try #require(problems.first)
    #expect(problems.count == 1, "\(problems)")
    #expect(problem.isIOFailure)
    #expect(problem.message.contains("/nonexistent/language-specs"))
    #expect(problem.message.contains("CVSITE_LANGUAGE_SPECS"))
    #expect(languages.count == 0)
  }

  @Test("Swift: nested comments, interpolation, #if, attributes and macros")
  func swift() {
    let code = ##"""
      /* a /* nested */ still */ let x = "a\(b + "c")d"
      @Entry var y = 1
      #if DEBUG
      #expect(y == 0x1F)
      #endif
      func lookup() {}
      """##
    let html = sharedLanguages.render(code: code, info: "swift").html
    #expect(spans("c", in: html) == ["/* a /* nested */ still */"])
    #expect(spans("s", in: html) == [#""a"#, #""c""#, #"d""#], "a string inside an interpolation is a string again")
    #expect(spans("se", in: html) == [#"\("#, ")"])
    #expect(spans("cp", in: html) == ["@Entry", "#if", "#expect", "#endif"])
    #expect(spans("m", in: html) == ["1", "0x1F"])
    #expect(spans("nf", in: html) == ["lookup"])
  }

  @Test("Swift: multi-line, raw and interpolated strings, regex literals, division")
  func swiftLiterals() {
    let code = ##"""
      let a = """
        Hi \(name.map { f($0) }) "q"
        """
      let b = #"C:\n "x" \#(n)"# + ##"a "# b"##
      let r = /(\d+)-\d/
      let e = #/
        [a-z]+
        /#
      let q = t / c / 2
      """##
    let html = sharedLanguages.render(code: code, info: "swift").html
    let strings = spans("s", in: html)
    // A multi-line string is a string on every line; the code inside `\(…)` is code
    // again (nested parentheses and all), not string.
    #expect(strings.contains("  Hi "))
    #expect(strings.contains(#" "q""#))
    #expect(
      html.contains(
        #"<span class="se">\(</span>name.map { f(<span class="nb">$0</span>) }<span class="se">)</span>"#))
    #expect(strings.contains(#"  """"#))
    // A raw string ends only at a quote followed by as many # as it starts with.
    #expect(strings.contains(#"#"C:\n "x" "#))
    #expect(spans("se", in: html).contains(##"\#("##))
    #expect(strings.contains(###"##"a "# b"##"###))
    #expect(strings.contains(#"/(\d+)-\d/"#))
    #expect(strings.contains("#/") && strings.contains("  [a-z]+") && strings.contains("  /#"))
    // Division is an operator, not the start of a regex literal.
    #expect(html.contains(#"t <span class="o">/</span> c <span class="o">/</span> <span class="m">2</span>"#))
  }

  @Test("shell heredocs: the bounds marked, variables inside coloured, the end found")
  func heredoc() {
    let html = sharedLanguages.render(code: "cat <<EOF > out.txt\nhello $USER\nEOF\necho done\n", info: "sh").html
    #expect(spans("k", in: html).contains("&lt;&lt;EOF"))
    #expect(spans("t", in: html).contains("$USER"))
    #expect(html.contains("<span class=\"line\"><span class=\"k\">EOF</span></span>"), "\(html)")
    #expect(spans("k", in: html).contains("echo"), "the heredoc ends: what follows is code again")
    // A quoted delimiter: the start pattern names its group `HDB` in both the `'…'` and
    // the `"…"` branch; the end refers to whichever matched.
    for quote in ["'", "\""] {
      let quoted = sharedLanguages.render(
        code: "cat <<\(quote)END\(quote)\nliteral $USER\nEND\necho done\n", info: "sh"
      ).html
      #expect(quoted.contains("<span class=\"line\"><span class=\"k\">END</span></span>"), "\(quoted)")
      #expect(spans("k", in: quoted).contains("echo"), "\(quoted)")
      #expect(!spans("t", in: quoted).contains("$USER"), "not expanded: \(quoted)")
    }
  }

  @Test("embedded languages: CSS and JavaScript inside HTML; YAML block scalars; shell $(…)")
  func embedded() {
    let html = sharedLanguages.render(
      code: "<style>a { color: red }</style>\n<script>let a = 1;</script>\n<p class=\"x\">Hi</p>\n", info: "html"
    ).html
    #expect(spans("k", in: html).contains("color"))
    #expect(spans("k", in: html).contains("let"))
    // The embedded languages end at their closing tags, which are tags again: CSS's
    // hook ends the rule, the code and the `<style>` element together (end-parent up
    // the chain), and what follows is HTML.
    #expect(
      spans("nt", in: html).map {
        $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      }
        == ["<style>", "</style>", "<script>", "</script>", "<p", ">", "</p>"])
    #expect(spans("m", in: html).contains("1"))
    #expect(spans("s", in: html) == ["\"x\""])
    let yaml = sharedLanguages.render(code: "key: |\n  block\n  text\nother: 3\n", info: "yml").html
    #expect(spans("s", in: yaml) == ["  block", "  text"])
    let shell = sharedLanguages.render(code: "echo \"$(date)\" # c\n", info: "bash").html
    #expect(spans("c", in: shell) == ["# c"])
  }

  @Test("JavaScript and TypeScript: a child that starts where a zero-width end matches opens first")
  func javaScriptExpressions() {
    // The grammars open an expression with `(?=\S)` and end it the same way: the
    // literal inside must win the tie, as in GtkSourceView's engine.
    let js = sharedLanguages.render(
      code: "const x = 42;\nlet s = \"str\";\nif (a > 3) { b = true; }\nconst t = `n ${x + 1}`;\n", info: "js"
    ).html
    #expect(spans("m", in: js) == ["42", "3", "1"])
    #expect(spans("s", in: js) == ["\"str\"", "`n ", "`"])
    #expect(spans("kc", in: js) == ["true"])
    let ts = sharedLanguages.render(code: "const n: number = 42;\n", info: "ts").html
    #expect(spans("t", in: ts) == ["number"])
    #expect(spans("m", in: ts) == ["42"])
  }

  @Test("Python means Python 3: f-strings and byte strings with their prefixes, print a function")
  func pythonThree() {
    let python = sharedLanguages.render(code: "s = b\"bytes\"\nx = f\"{a} b\"\nprint(s)\n", info: "python").html
    #expect(spans("s", in: python).contains("b\"bytes\""), "\(python)")
    #expect(spans("s", in: python).contains("f\""), "\(python)")
    #expect(!spans("k", in: python).contains("print"), "\(python)")
  }

  @Test("JSON with comments is coloured as JavaScript, not as JSON full of errors")
  func jsonWithComments() {
    for info in ["jsonc", "json5"] {
      let html = sharedLanguages.render(code: "{\n  // note\n  \"a\": 1, /* b */ \"c\": [true]\n}\n", info: info).html
      #expect(spans("err", in: html).isEmpty, "\(info): \(html)")
      #expect(spans("c", in: html) == ["// note", "/* b */"], "\(info): \(html)")
    }
  }

  @Test("JSON and TOML: containers that open empty stop opening where they just closed")
  func emptyContainers() {
    // A JSON array's element starts with nothing; before `]` it opens and closes empty
    // once, then the array's own end matches (GtkSourceView's previous-sibling rule).
    let json = sharedLanguages.render(code: "[\n {\"a\": [1, 2]},\n {\"b\": {\"c\": null}}\n]\n", info: "json").html
    #expect(spans("err", in: json).isEmpty, "\(json)")
    #expect(spans("m", in: json) == ["1", "2"])
    let toml = sharedLanguages.render(code: "[package]\nname = \"x\"\nversion = 1\n", info: "toml").html
    #expect(spans("s", in: toml) == ["\"x\""])
    #expect(spans("m", in: toml) == ["1"])
    // An inline table's key pattern may match nothing: at the space it is no match, and
    // the whole key after it is one (not its first letter an error).
    let inline = sharedLanguages.render(code: "o = { depth = 2, on = true }\n", info: "toml").html
    #expect(spans("err", in: inline).isEmpty, "\(inline)")
    #expect(spans("t", in: inline) == ["o", "depth", "on"], "\(inline)")
  }

  @Test("console: prompts apart from commands, output lines marked for the copy button")
  func console() {
    let html = sharedLanguages.render(code: "$ swift build\nBuilding…\n$ ls\n", info: "console").html
    #expect(spans("gp", in: html) == ["$ ", "$ "])
    #expect(html.contains("<span class=\"line cv-output\"><span class=\"go\">Building…</span></span>"))
  }

  @Test("code is escaped; an unknown language is plain, with a warning and a did-you-mean")
  func escapingAndUnknown() {
    let output = sharedLanguages.renderCodeBlock(code: "<script>alert(1)</script> & x\n", info: "swfit")
    #expect(output.html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; x"))
    #expect(!output.html.contains("<script>"))
    #expect(
      output.problems.map(\.message) == ["no language called `swfit` is known: the block is shown without colour"])
    #expect(output.problems.first?.suggestion == "swift")
    #expect(sharedLanguages.renderCodeBlock(code: "x\n", info: "text").problems.isEmpty)
  }

  @Test("a block hands over the URLs and ids of its HTML (none), whatever its code and options")
  func factsHandedOver() throws {
    let code = "<a href=\"/x\" id=\"y\">link</a> src=\"z\" ' action=\"/f\"\nlet s = \" href=\\\"/q\\\"\"\n"
    let infos = [
      "", "swift", "html", "console", "sh", "nosuch", "swift title=\"a href=\\\"/t\\\" id=\\\"u\\\"\"",
      "html linenums=\"3\" hl_lines=\"1\" wrap", "text title=\"<b id=x>\"",
    ]
    for info in infos {
      let output = sharedLanguages.renderCodeBlock(code: code, info: info)
      var scanned = BodyFacts()
      scanned.take(html: output.html)
      let facts = try #require(output.facts)
      #expect(facts == scanned, "\(info)")
      #expect(facts == BodyFacts())
    }
  }
}
