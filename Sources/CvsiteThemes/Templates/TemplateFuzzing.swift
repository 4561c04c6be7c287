/// The template engine as the fuzz target (`Sources/CvsiteFuzz`) drives it: any bytes as
/// a template, with partials that include each other, rendered against a context with
/// every kind of value. Never traps; returns `nil` for a syntax error (the diagnostic a
/// theme author would see) or when rendering gives up on runaway partials.
public enum TemplateFuzzing {
  /// Parses `text` as template `page` beside partials `partials/a` (which includes
  /// `page`) and `partials/b` (a block override), and renders `page`.
  public static func render(_ text: String) -> String? {
    var library = TemplateLibrary()
    let sources = [
      "page": text, "partials/a": "{{#items}}{{> page}}{{/items}}",
      "partials/b": "{{<partials/a}}{{$x}}{{title}}{{/x}}{{/partials/a}}",
    ]
    for (name, source) in sources {
      guard case .success(let parsed) = TemplateParser.parse(source) else { return nil }
      library.register(parsed.nodes, named: name)
    }
    let item: TemplateValue = ["title": "<b>&\"'", "flag": true, "count": 3]
    let context: TemplateValue = [
      "title": "A <title>", "html": "<p>raw</p>", "flag": false, "count": 0, "items": [item, item, "text", 7, [], [:]],
      "nested": ["inner": ["deep": "x"], "list": [1, 2, 3]], "empty": "", "missing": [],
    ]
    return library.render(context, withTemplate: "page")
  }
}
