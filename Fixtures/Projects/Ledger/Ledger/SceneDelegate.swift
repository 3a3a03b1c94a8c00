import UIKit

/// The main window: the ledger, links, Handoff and the Home Screen quick action.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = UINavigationController(rootViewController: LedgerViewController())
    self.window = window
    window.makeKeyAndVisible()
    if let url = connectionOptions.urlContexts.first?.url { open(url) }
    if let item = connectionOptions.shortcutItem { _ = perform(item) }
  }

  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    if let url = URLContexts.first?.url { open(url) }
  }

  func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    ledger?.show(activity: userActivity)
  }

  func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {
    completionHandler(perform(shortcutItem))
  }

  private var ledger: LedgerViewController? {
    (window?.rootViewController as? UINavigationController)?.viewControllers.first as? LedgerViewController
  }

  private func open(_ url: URL) { ledger?.show(url: url) }

  private func perform(_ item: UIApplicationShortcutItem) -> Bool {
    guard item.type.hasSuffix(".new-entry") else { return false }
    ledger?.newEntry()
    return true
  }
}
