import CvsiteCore

/// Renders containers and leaf directives through the theme's Mustache templates.
///
/// A component template (`layouts/containers/<name>.mustache`,
/// `layouts/leaves/<name>.mustache`) receives:
///
/// - `container`: `name`, `id`, `label` (inline HTML, absent without a label: use
///   `{{{container.label}}}`), `classes` (the `.class` values, space-separated),
///   `attrs` (its declared attributes, defaults filled in), `is` (a `true` flag per
///   enum attribute case: `{{#container.is.cols.auto}}`), `split` (string attributes
///   split at commas: `{{#container.split.options}}{{text}}{{/…}}`), `count`,
///   `headingLevel` (the level for child titles), `columns` (a column count for
///   `count` items with no lone item in the last row: 1, 2, 3, 2×2, then 3 or 4),
///   `counts` (children per enum case: `{{container.counts.status.done}}`) and
///   `selected` (the selected subview, see `selects` in `theme.yml`);
/// - `count`: the number of subviews;
/// - `subviews`, in order, each with `id`, `index` (0-based), `number` (1-based),
///   `first`, `last`, `isSelected`, `hasTitle`, `title` (inline HTML), `titleText`,
///   `body` (HTML), `values` (every value the container reads: written, else derived,
///   else the declared default), `is` (enum flags: `{{#is.status.current}}`),
///   `split`, `layout` (the layout values only), `tag` (the container's `tag` value,
///   else the id), `classes`, `headingLevel` and `headings` (`level`, `id`, `text`).
///
/// `{{…}}` escapes; only `label`, `title` and `body` are HTML meant for `{{{…}}}`.
/// Children's bodies arrive rendered, so a template cannot see grandchildren's values.
public struct ThemeRenderer: ContainerRenderer {
  let library: TemplateLibrary
  /// Containers and leaves by name, each with its context builder, which builds only
  /// what the component's template can read.
  let contexts: [String: ContainerContext]
  /// The theme's words (`t`), at the root of every container's context.
  var words: TemplateValue?

  init(library: TemplateLibrary, manifest: ThemeManifest) {
    self.library = library
    let values = Dictionary(manifest.values.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var contexts: [String: ContainerContext] = [:]
    for component in manifest.components where component.kind != .inline && contexts[component.name] == nil {
      let words = component.template.flatMap(library.words(reachableFrom:))
      contexts[component.name] = ContainerContext(spec: component, values: values, parts: ContextParts(words: words))
    }
    self.contexts = contexts
  }

  /// The container's HTML; a container the theme does not declare renders plainly.
  public func render(_ container: ContainerInstance) -> String { renderReporting(container).html }

  /// The container's HTML and, when its template gave up (a partial that includes itself
  /// without end), why: the HTML is then the plain rendering.
  ///
  /// `values` are its children's values from ``childValues(of:)``, when the caller has
  /// them (children's bodies may differ since; their values may not): they are not
  /// resolved again.
  public func renderReporting(
    _ container: ContainerInstance, values: ChildValues? = nil
  ) -> (html: String, problem: String?) {
    var problem: String?
    if let context = contexts[container.name], let template = context.spec.template {
      let capacity = container.children.reduce(1_024) { $0 + $1.bodyHTML.utf8.count + 256 }
      var model = context.make(container, resolved: values?.resolved)
      if let words { model.set(words, at: ["t"]) }
      switch library.outcome(model, withTemplate: template, capacity: capacity) {
      case .rendered(let html): return (String(decoding: html, as: UTF8.self), nil)
      case .gaveUp(let site): problem = TemplateLibrary.gaveUpMessage(template, at: site)
      case .missing: break
      }
    }
    return (PlainContainerRenderer().render(container), problem)
  }

  /// What a page needs to know about a container's children besides its HTML, from
  /// one resolve of each child (and none for a container that needs neither):
  /// - `labels`: for a container whose spec names a `toc` value, that value of each child
  ///   (a tab's label), `nil` for a child without one; empty for other containers. A
  ///   table of contents says which tab a heading sits in with it, and search which tab
  ///   a passage sits in;
  /// - `clashes`: children that a `unique` rule keeps apart but that get the same value
  ///   because the theme derived it (two tabs titled alike both get `value=npm`), one
  ///   message per clash. The Markdown checks only the values written; without this,
  ///   the second tab could never be chosen by its tag.
  public func childValues(of container: ContainerInstance) -> ChildValues {
    guard let context = contexts[container.name] else { return ChildValues() }
    let derived = context.spec.derived.map(\.name)
    let unique = context.spec.declaration.rules.compactMap { rule -> String? in
      guard case .unique(let name) = rule, derived.contains(name) else { return nil }
      return name
    }
    guard context.spec.tocLabel != nil || !unique.isEmpty else { return ChildValues() }
    let resolved = container.children.map { context.resolve($0) }
    func value(_ name: String, of child: Int) -> TypedValue? { resolved[child].first { $0.0 == name }?.1 }
    let labels =
      context.spec.tocLabel.map { name in
        resolved.indices.map { child in value(name, of: child).map(\.description).flatMap { $0.isEmpty ? nil : $0 } }
      } ?? []
    var clashes: [String] = []
    for name in unique {
      var seen: [TypedValue: Int] = [:]
      for (index, child) in container.children.enumerated() {
        guard let value = value(name, of: index) else { continue }
        guard let firstIndex = seen[value] else {
          seen[value] = index
          continue
        }
        let first = container.children[firstIndex]
        // Two written values are the Markdown's to report.
        guard first.values[name] == nil || child.values[name] == nil else { continue }
        let titles = [first, child].map { $0.titleText.map { "\"\($0)\"" } ?? "untitled" }
        clashes.append(
          "two children of `:::\(container.name)` (\(titles[0]) and \(titles[1])) both get `\(name)=\(value)`, "
            + "which must be unique; give one its own `\(name)=…` or another title")
      }
    }
    return ChildValues(labels: labels, clashes: clashes, resolved: resolved)
  }

  /// The context a container template can receive (for tests and tools): every member,
  /// including those the component's own template never reads.
  func context(for container: ContainerInstance) -> TemplateValue? {
    guard var context = contexts[container.name] else { return nil }
    context.parts = .all
    return context.make(container)
  }
}

/// What ``ThemeRenderer/childValues(of:)`` found of a container's children.
public struct ChildValues: Sendable {
  /// Each child's `toc` value (a tab's label), `nil` for a child without one; empty for
  /// a container whose spec names none.
  public var labels: [String?] = []
  /// One message per pair of children whose derived `unique` values clash.
  public var clashes: [String] = []
  /// Each child's values, when they were resolved: rendering the container uses them.
  var resolved: [[(String, TypedValue)]]?
}
