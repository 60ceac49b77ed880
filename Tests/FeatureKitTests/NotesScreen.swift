import Core
import FeatureKit
import Presentation
import ToastKit

/// A test-only feature with toasts: notes added and deleted, "Added …" and "Deleted …" with its undo.
enum NotesScreen {
  struct State: Equatable, Codable, Sendable {
    var notes: [String] = []
    var toast = ToastSlot<Action>()
  }

  enum Action: Equatable, Codable, Sendable {
    case appeared
    case add(String)
    case delete(Int)
    case restore(String, at: Int)
    case toastExpired(serial: Int)
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .appeared:
      state.toast.screenAppeared()
    case .add(let note):
      state.notes.append(note)
      state.toast.show("Added \"\(note)\"")
    case .delete(let index):
      guard state.notes.indices.contains(index) else { return }
      let note = state.notes.remove(at: index)
      state.toast.show("Deleted \"\(note)\"", undo: .restore(note, at: index))
    case .restore(let note, let index):
      guard state.toast.takeUndo(.restore(note, at: index)) else { return }
      state.notes.insert(note, at: min(index, state.notes.count))
    case .toastExpired(let serial):
      state.toast.expire(serial)
    }
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "notes", title: "Notes", initialState: State(), reducer: reducer,
      present: { state in .stack(state.notes.map { .text($0) }) },
      receive: { $0 == .appear ? .appeared : nil }
    ).withToasts(\.toast, expired: Action.toastExpired)
  }
}
