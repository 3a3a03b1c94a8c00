/// The JSON Schemas of the files ActivityRouter reads, as committed under `Schemas/`, for
/// editors and validators (`route-cli schema` prints them).
///
/// ```swift
/// print(TableSchema.routeTable)   // {"$schema": "https://json-schema.org/draft/2020-12/schema", …
/// ```
public enum TableSchema {}
