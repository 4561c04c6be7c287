import ContainerViews
import CvsiteMarkdown
import Foundation
import Testing

/// Hand-written GFM edge cases, each compared with `cmark-gfm` (after undoing cvsite's
/// additions), and what cvsite adds checked on its own.
@Suite struct GFMEdgeCaseTests {
  static let sameAsCmarkGFM: [String] = [
    // Tables: alignment, escaped pipes (in code spans too), short and long rows, inline
    // content, the paragraph before the header, the end at a blank line or a block start.
    "| a | b |\n|:-|-:|\n| `x\\|y` \\| z | *e* |\n| 1 |\n| 1 | 2 | 3 |\n",
    "Intro line\n| a | b |\n| --- | --- |\n| c | d |\n> quote\n",
    "a | b\n--|--\nc | d\n\nafter\n",
    "| a |\n| :-: |\n| [link](/u) and **bold** |\n# Heading\n",
    "- item\n\n  | a | b |\n  | - | - |\n  | c | d |\n",
    "> | a | b |\n> | - | - |\n> | c | d |\n",
    "| a | b |\n| - | - |\n| [ref] | x |\n\n[ref]: /t\n",
    "| a | b |\n| - | - | - |\n",
    "`x`\n:-:\n1\n",
    "*unclosed\n| Value | Value |\n| --: | - |\n| 1 | x \\| y |\n",
    // Strikethrough.
    "~~del~~ ~one~ ~~~three~~~ ~x~~ a~~b~~c ~~a *b* c~~\n",
    // Autolinks and their trailing punctuation.
    "www.example.com/a?b. x@y.com (www.q.com) https://a.b/c_(d)) ftp://x.y/z www.a_b.c\n",
    "[unclosed www.example.com and mail@example.com\n",
    // Task lists, tight and loose.
    "- [ ] todo\n- [x] done\n- [X] Done\n- [y] no\n- [x]\n",
    "1. [ ] one\n\n2. [x] two\n",
    // Footnotes: numbering by first reference, repeats, back links, unused ones.
    "Text[^1] and[^n] again[^1].\n\n[^1]: Note *one*.\n\n    More.\n[^n]: second\n[^unused]: nobody\n",
    "[^a]\n\n[^a]: first\n\n[^b]: never used\n",
  ]

  @Test(arguments: sameAsCmarkGFM) func rendersAsCmarkGFM(_ text: String) throws {
    let oracle = try cmarkGFM(text, arguments: GFMDifferentialTests.extensions)
    #expect(undoingCvsiteMarkup(strippingHeadingIDs(html(parse(text)))) == oracle)
  }
}
