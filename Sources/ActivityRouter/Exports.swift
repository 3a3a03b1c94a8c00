// The library product: every stage of the data flow, re-exported, so that an embedder writes
// `import ActivityRouter` and nothing else (docs/architecture.md names what each target holds).
@_exported public import AppleAppFiles
@_exported public import DecisionRecords
@_exported public import RouteEvents
@_exported public import RouteFixtures
@_exported public import RouteMatcher
@_exported public import RouteTables
@_exported public import RouterSupport
@_exported public import SceneDecision
