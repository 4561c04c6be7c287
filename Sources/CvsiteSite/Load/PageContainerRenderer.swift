import CvsiteCore
import CvsiteThemes
import Synchronization

/// Renders one page's containers through the theme and remembers, for its table of
/// contents, the tab (or other labelled child) each heading sits in, and the problems
/// templates met. One per page: what it remembers is kept behind a lock, so the
/// renderer can sit in the page's environment (which crosses threads) as a value.
final class PageContainerRenderer: ContainerRenderer {
  let theme: ThemeRenderer
  /// Whether where each container and child sits in the body is recorded, for search.
  let recordsStructure: Bool
  /// In a project of another generator, two children given the same unique value (two
  /// tabs of a code group both labelled `npm`, as VitePress allows) are a warning: the
  /// page is shown, the second tab is not chosen by its label.
  let clashesAreWarnings: Bool
  private let state = Mutex(State())

  private struct State {
    var headingLabels: [String: String] = [:]
    var problems: [Diagnostic] = []
    var structure = PageStructureRecorder()
  }

  init(theme: ThemeRenderer, recordsStructure: Bool = false, clashesAreWarnings: Bool = false) {
    self.theme = theme
    self.recordsStructure = recordsStructure
    self.clashesAreWarnings = clashesAreWarnings
  }

  /// Heading id → label; the innermost labelled child wins (children render first).
  var headingLabels: [String: String] { state.withLock { $0.headingLabels } }
  /// Containers whose template gave up, as errors at the container.
  var problems: [Diagnostic] { state.withLock { $0.problems } }
  /// Where the containers rendered so far sit.
  var structure: PageStructureRecorder { state.withLock { $0.structure } }

  func render(_ container: ContainerInstance) -> String {
    let values = theme.childValues(of: container)
    let labels = values.labels
    let (html, problem) = theme.renderReporting(container, values: values)
    var marks: [SearchChildMark] = []
    if recordsStructure {
      marks = container.children.enumerated().map { offset, child in
        // A child is named by its label value, else by its title.
        let label = (offset < labels.count ? labels[offset] : nil) ?? child.titleText.flatMap { $0.isEmpty ? nil : $0 }
        return SearchChildMark(container: container.name, label: label, id: child.id)
      }
    }
    state.withLock { state in
      for clash in values.clashes {
        state.problems.append(Diagnostic(clashesAreWarnings ? .warning : .error, clash, at: container.location))
      }
      for (child, label) in zip(container.children, labels) {
        guard let label else { continue }
        for heading in child.headings where state.headingLabels[heading.id] == nil {
          state.headingLabels[heading.id] = label
        }
      }
      if let problem { state.problems.append(Diagnostic(.error, problem, at: container.location)) }
      if recordsStructure { state.structure.record(output: html, children: container.children, marks: marks) }
    }
    return html
  }
}
