/// Runs `body`, which awaits an exit test, in a task of high priority, and
/// returns what it returns.
///
/// An exit test runs its body in a child process, and a task of the test
/// process waits for that child's exit. Until that task has run, the child
/// stays a zombie, and the testing library's waiting thread (which asks the
/// system for any exited child, over and over) spins on it: measured on the
/// suite with two cores, that thread took a third of the CPU, for the whole
/// run. The waiting task is queued behind every test not yet run, whose
/// synchronous bodies each keep a thread of the cooperative pool until they
/// end. At high priority, the exit test and the tasks it starts run as soon
/// as a thread is free.
public func atHighPriority<Result: Sendable>(
  _ body: @escaping @Sendable () async -> Result
) async -> Result {
  await Task(priority: .high) { await body() }.value
}
