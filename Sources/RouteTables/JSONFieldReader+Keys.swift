package import RouterSupport

extension JSONFieldReader {
  /// Converts template errors inside an object key into diagnostics at their exact columns.
  package mutating func report(_ errors: TemplateErrors, inKey member: JSONMember) {
    for e in errors.errors {
      let offset = source.bytes.withUnsafeBufferPointer {
        JSONParser.sourceOffset(in: $0, stringAt: member.keyStart, utf8Index: e.offset)
      }
      error(e.code, e.message, at: offset)
    }
  }
}
