import Testing

@testable import NetworkingCurl

@Suite("Driver state machine")
struct CurlDriverStateMachineTests {
  final class Transfer {}

  @Test func startsSubmissionsAndFinishesThemOnce() {
    var machine = CurlDriverStateMachine<Transfer>()
    let transfer = Transfer()
    guard case .start(let started) = machine.submit(transfer, isCancelled: false) else {
      Issue.record("expected start")
      return
    }
    #expect(started === transfer)
    #expect(machine.runningCount == 1)
    #expect(machine.finish(transfer) === transfer)
    #expect(machine.finish(transfer) == nil)
    #expect(machine.cancel(transfer) == nil, "a cancel after completion must not resume again")
    #expect(machine.runningCount == 0)
  }

  @Test func cancellationThatOvertookItsSubmissionFailsTheSubmission() {
    var machine = CurlDriverStateMachine<Transfer>()
    let transfer = Transfer()
    #expect(machine.cancel(transfer) == nil)
    guard case .fail(let failed, .cancelled) = machine.submit(transfer, isCancelled: true) else {
      Issue.record("expected fail(cancelled)")
      return
    }
    #expect(failed === transfer)
    #expect(machine.runningCount == 0)
  }

  @Test func cancellingARunningTransferStopsIt() {
    var machine = CurlDriverStateMachine<Transfer>()
    let transfer = Transfer()
    _ = machine.submit(transfer, isCancelled: false)
    #expect(machine.cancel(transfer) === transfer)
    #expect(machine.finish(transfer) == nil, "libcurl's late completion must not resume again")
  }

  @Test func startFailureForgetsTheTransfer() {
    var machine = CurlDriverStateMachine<Transfer>()
    let transfer = Transfer()
    _ = machine.submit(transfer, isCancelled: false)
    machine.startFailed(transfer)
    #expect(machine.runningCount == 0)
    #expect(machine.cancel(transfer) == nil)
  }

  @Test func shutDownReturnsEveryRunningTransferAndRefusesNewOnes() {
    var machine = CurlDriverStateMachine<Transfer>()
    let transfers = [Transfer(), Transfer(), Transfer()]
    for transfer in transfers { _ = machine.submit(transfer, isCancelled: false) }
    _ = machine.finish(transfers[1])
    let stopped = machine.shutDown()
    #expect(stopped.count == 2)
    #expect(stopped.contains { $0 === transfers[0] } && stopped.contains { $0 === transfers[2] })
    #expect(machine.runningCount == 0)
    guard case .fail(_, .shutDown) = machine.submit(Transfer(), isCancelled: false) else {
      Issue.record("expected fail(shutDown)")
      return
    }
  }
}
