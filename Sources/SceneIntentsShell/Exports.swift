// The command-line plumbing a shell is built from (options, output, scripts) is
// `SceneIntentsCommandLine`, which an app's own process uses without the assistant; a shell's
// users name those types through `import SceneIntentsShell` alone.
@_exported import SceneIntentsCommandLine
