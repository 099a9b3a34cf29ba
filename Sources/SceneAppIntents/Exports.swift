// `import SceneAppIntents` brings Foundation in, as `import AppIntents` does on Apple platforms:
// intent files use `Date`, `URL`, `UUID` and `Measurement` without importing it themselves.
@_exported import Foundation
