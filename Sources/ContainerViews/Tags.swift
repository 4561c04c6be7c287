/// The trait under which the tag of type `V` is stored.
enum TagTrait<V> {}

/// A stored tag; `nil` marks a view as explicitly untagged for `V`.
struct TagBox<V> {
  let value: V?
}

extension ContainerValues {
  /// The tag of exactly type `V`, or `nil`.
  public func tag<V: Hashable>(for type: V.Type) -> V? {
    guard self[trait: ObjectIdentifier(AuxiliaryTrait.self)] == nil else { return nil }
    return (self[trait: ObjectIdentifier(TagTrait<V>.self)] as? TagBox<V>)?.value
  }

  /// Whether the tag of type `V` equals `tag`. A tag written as another type
  /// (`Int64(5)`, `Optional(5)`) does not match.
  public func hasTag<V: Hashable>(_ tag: V) -> Bool {
    self.tag(for: V.self) == tag
  }

  /// Writes a tag of type `V` (and `V?`) unless the view already has one, so an explicit
  /// `.tag` wins over a `ForEach` id.
  mutating func setTagIfUnset<V: Hashable>(_ tag: V) {
    if self[trait: ObjectIdentifier(TagTrait<V>.self)] == nil {
      self[trait: ObjectIdentifier(TagTrait<V>.self)] = TagBox(value: tag)
    }
    if self[trait: ObjectIdentifier(TagTrait<V?>.self)] == nil {
      self[trait: ObjectIdentifier(TagTrait<V?>.self)] = TagBox<V?>(value: .some(tag))
    }
  }
}

/// Marks auxiliary content, which has no tag.
enum AuxiliaryTrait {}

extension View {
  /// Marks this view as auxiliary content of a selection container (a divider or a
  /// heading between tabs): it has no tag of any type, not even a `ForEach` id.
  public func _untagged() -> some View {
    ContainerValueWriter(content: self, keyPath: \.auxiliary, value: true)
  }

  /// Tags this view for a selection-driven container such as a tab bar.
  ///
  /// By default the tag is also written for `Optional<V>`, so it matches an optional
  /// selection; with `includeOptional: false` only `V` is written.
  public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
    TagWriter(content: self, tag: tag, includeOptional: includeOptional)
  }
}

struct TagWriter<Content: View, V: Hashable>: PrimitiveView {
  let content: Content
  let tag: V
  let includeOptional: Bool

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    var inputs = inputs
    inputs.values[trait: ObjectIdentifier(TagTrait<V>.self)] = TagBox(value: tag)
    inputs.values[trait: ObjectIdentifier(TagTrait<V?>.self)] = TagBox<V?>(value: includeOptional ? .some(tag) : nil)
    content._resolve(inputs, into: &output)
  }
}

extension ContainerValues {
  var auxiliary: Bool {
    get { self[trait: ObjectIdentifier(AuxiliaryTrait.self)] != nil }
    set { self[trait: ObjectIdentifier(AuxiliaryTrait.self)] = newValue ? true : nil }
  }
}
