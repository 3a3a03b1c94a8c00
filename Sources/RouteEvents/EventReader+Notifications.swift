import RouterSupport

extension EventReader {
  /// `{"notification": {"categoryIdentifier": "MESSAGE", "actionIdentifier": "REPLY",
  /// "targetContentIdentifier": "room-7", "userInfo": {…}}}`; without `actionIdentifier` the
  /// person opened the app from the notification (the default action).
  static func readNotification(_ node: JSONNode) -> Result<NotificationResponse, EventError> {
    let keys = ["categoryIdentifier", "actionIdentifier", "targetContentIdentifier", "userInfo"]
    return readFields(node, keys: keys).flatMap { f in
      var response = NotificationResponse(targetContentIdentifier: f["targetContentIdentifier"]?.stringValue)
      for key in ["categoryIdentifier", "actionIdentifier"] {
        guard let value = f[key] else { continue }
        guard let text = value.stringValue, key == "categoryIdentifier" || !text.isEmpty else {
          return fail("'\(key)' must be a\(key == "actionIdentifier" ? " non-empty" : "") string", at: at(key, node))
        }
        if key == "categoryIdentifier" { response.categoryIdentifier = text } else { response.actionIdentifier = text }
      }
      if let info = f["userInfo"] {
        guard case .object(let object) = info else {
          return fail("'userInfo' must be an object", at: at("userInfo", node))
        }
        response.userInfo = object
      }
      return .success(response)
    }
  }

  /// `{"shortcut": {"type": "com.example.new-message", "targetContentIdentifier": "…", "userInfo": {…}}}`.
  static func readShortcut(_ node: JSONNode) -> Result<ShortcutItem, EventError> {
    readFields(node, keys: ["type", "targetContentIdentifier", "userInfo"]).flatMap { f in
      guard let type = f["type"]?.stringValue else { return fail("a shortcut needs a 'type' string", at: node.start) }
      var item = ShortcutItem(type: type, targetContentIdentifier: f["targetContentIdentifier"]?.stringValue)
      if let info = f["userInfo"] {
        guard case .object(let object) = info else {
          return fail("'userInfo' must be an object", at: at("userInfo", node))
        }
        item.userInfo = object
      }
      return .success(item)
    }
  }

  /// The offset of the value of `key` in an object node (the node's own start when absent).
  private static func at(_ key: String, _ node: JSONNode) -> Int {
    node.members?.last { $0.key == key }?.value.start ?? node.start
  }
}
