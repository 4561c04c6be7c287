/// A section: header, content and footer views, with container values of its own.
///
/// Outside a sections reader it contributes its header, content and footer subviews as
/// siblings. Values written on a section are read by `ForEach(sections:)` and
/// `Group(sections:)` and also reach each of its subviews.
public struct Section<Parent: View, Content: View, Footer: View>: PrimitiveView {
  let header: Parent
  let content: Content
  let footer: Footer

  /// A section with the content, header and footer views the closures build.
  public init(
    @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer
  ) {
    self.header = header()
    self.content = content()
    self.footer = footer()
  }

  /// A section with the given header and footer views around what `content` builds.
  public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
    self.header = header
    self.content = content()
    self.footer = footer
  }

  /// Resolves the header, content and footer as sibling subviews, each marked with its part of this section.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let mark = SectionMark(id: inputs.identity, values: inputs.values)
    func part(_ view: some View, _ role: SectionPlacement.Role, _ index: Int) {
      var partInputs = inputs.child(.index(index))
      partInputs.section = SectionPlacement(mark: mark, role: role)
      view._resolve(partInputs, into: &output)
    }
    part(header, .header, 0)
    part(content, .content, 1)
    part(footer, .footer, 2)
  }
}

extension Section where Footer == EmptyView {
  /// A section with a header and no footer.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    self.init(content: content, header: header, footer: { EmptyView() })
  }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
  /// A section with content only: no header and no footer.
  public init(@ViewBuilder content: () -> Content) {
    self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
  }
}

extension Section where Parent == Text, Footer == EmptyView {
  /// A section whose header is a text title.
  public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
  }
}

/// One section of a view's content, as a sections reader sees it.
public struct SectionConfiguration: Identifiable {
  /// The section's identity: the `Section`'s own, or its first subview's for an
  /// implicit section.
  public let id: Subview.ID
  /// The header subviews; empty when there is no header.
  public let header: SubviewsCollection
  /// The content subviews.
  public let content: SubviewsCollection
  /// The footer subviews.
  public let footer: SubviewsCollection
  /// Values written on the `Section`; always empty for an implicit section.
  public let containerValues: ContainerValues
  /// Whether the section was written as a `Section`, or formed from loose views.
  public let isExplicit: Bool
}

/// The sections of a view's content; never empty: empty content still has one section.
public struct SectionCollection: RandomAccessCollection {
  let sections: [SectionConfiguration]

  /// The index of the first section.
  public var startIndex: Int { sections.startIndex }
  /// The index past the last section.
  public var endIndex: Int { sections.endIndex }
  /// The section at `position`.
  public subscript(position: Int) -> SectionConfiguration { sections[position] }

  /// Groups resolved elements into sections: each explicit `Section` is one, and every
  /// run of loose views between them forms one implicit section.
  init(_ elements: [ResolvedElement], id: Subview.ID) {
    var sections: [SectionConfiguration] = []
    var index = 0
    while index < elements.count {
      let mark = elements[index].section?.mark
      var header: [ResolvedElement] = []
      var content: [ResolvedElement] = []
      var footer: [ResolvedElement] = []
      while index < elements.count, elements[index].section?.mark === mark {
        switch elements[index].section?.role {
        case .header: header.append(elements[index])
        case .footer: footer.append(elements[index])
        case .content, nil: content.append(elements[index])
        }
        index += 1
      }
      sections.append(
        SectionConfiguration(
          id: mark?.id ?? (content.first?.id ?? id), header: SubviewsCollection(header),
          content: SubviewsCollection(content), footer: SubviewsCollection(footer),
          containerValues: mark?.values ?? ContainerValues(), isExplicit: mark != nil))
    }
    if sections.isEmpty {
      sections.append(
        SectionConfiguration(
          id: id, header: SubviewsCollection([]), content: SubviewsCollection([]),
          footer: SubviewsCollection([]), containerValues: ContainerValues(), isExplicit: false))
    }
    self.sections = sections
  }
}

extension Group {
  /// Reads the sections of `view` all at once and shows what `transform` builds.
  public init<Base: View, Result: View>(
    sections view: Base, @ViewBuilder transform: @escaping (SectionCollection) -> Result
  ) where Content == GroupSectionsContent<Base, Result> {
    self.content = GroupSectionsContent(base: view, transform: transform)
  }
}

/// The content of `Group(sections:transform:)`.
public struct GroupSectionsContent<Base: View, Result: View>: PrimitiveView {
  let base: Base
  let transform: (SectionCollection) -> Result

  /// Resolves the sections of the base view, then what `transform` builds from them.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let sections = SectionCollection(resolveSubviews(base, inputs), id: inputs.identity)
    transform(sections)._resolve(inputs, into: &output)
  }
}

extension ForEach where Data == SectionCollection, ID == Subview.ID {
  /// Shows what `content` builds from each section of `view`, one at a time.
  public init<Base: View>(sections view: Base, @ViewBuilder content: @escaping (SectionConfiguration) -> Content) {
    self.init(deferred: { inputs, output in
      let sections = SectionCollection(resolveSubviews(view, inputs), id: inputs.identity)
      resolveEach(sections, id: \.id, content: content, inputs, into: &output)
    })
  }
}
