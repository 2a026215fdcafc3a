//! # A priority scheduler: the most urgent ready task runs, pre-empted at safe points
//!
//! Part 2 has a row of tasks in priority order (the power classes, lowest power first) and wants
//! the first that *succeeds*. A producer (part 1's battle) makes tasks ready one by one, in any
//! order, or settles them itself; workers on the other cores run them meanwhile.
//!
//! ```text
//!   index    0        1        2        3        4   ...
//!   state  Pending  Ready    Running  Failed   Succeeded   <- the cutoff: nothing after it is wanted
//!                     ^ urgent: a worker running task 2 puts it down at its next safe point
//! ```
//!
//! - A worker always takes the first ready task in priority order.
//! - A running task is asked at each of its safe points whether a task ahead of it became ready
//!   (or succeeded); if so it is put down, `Ready` again, and resumes exactly where it stopped,
//!   on whichever worker takes it next. The question is one relaxed atomic load: the first ready
//!   task's index (or the cutoff), kept up to date under the lock at every change.
//! - A success moves the *cutoff* to it: tasks behind it are no longer wanted, and one put down
//!   behind it is dropped.
//! - Workers stop when no wanted task is ready or can still become ready; the answer is then the
//!   first success, since every task before the cutoff has been settled as failed.
//!
//! Which worker runs a task, and in how many pieces, does not change how the task ends: the
//! answer is the same for any number of workers and any interleaving.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// How a run of a task ended.
pub(crate) enum TaskEnd<R> {
    /// The task succeeded with this result.
    Succeeded(R),
    /// The task failed.
    Failed,
    /// The task was put down at a safe point for a more urgent one; it resumes from there.
    Preempted,
}

/// What is known of one task.
enum TaskState<T, R> {
    /// Not ready yet: the producer has still to make it ready or settle it.
    Pending,
    /// To be run on from where it stands.
    Ready(T),
    /// A worker runs it.
    Running,
    Failed,
    Succeeded(R),
    /// No longer wanted: behind a success, or the search was abandoned.
    Dropped,
}

/// The tasks in priority order.
struct Board<T, R> {
    tasks: Vec<TaskState<T, R>>,
    /// Only tasks before this one are wanted: the first known success, 0 once the search is
    /// abandoned, the number of tasks until then.
    cutoff: usize,
    /// True once the producer has settled every task it is to settle, or the search is abandoned.
    producer_done: bool,
    /// Workers waiting for a change. A notification is a system call even when no thread
    /// waits, and the producer announces a change at every class it settles: on a real cave
    /// that was about a hundred calls a run, nearly all with no one to wake.
    waiting: usize,
}

impl<T, R> Board<T, R> {
    fn first_ready(&self) -> Option<usize> {
        self.tasks[..self.cutoff].iter().position(|task| matches!(task, TaskState::Ready(_)))
    }

    fn any_pending(&self) -> bool {
        self.tasks[..self.cutoff].iter().any(|task| matches!(task, TaskState::Pending))
    }
}

/// The board shared by the producer and the workers.
pub(crate) struct Scheduler<T, R> {
    board: Mutex<Board<T, R>>,
    /// Signalled when tasks become ready or stop being wanted: what a waiting worker waits for.
    changed: Condvar,
    /// The first wanted task that is ready, else the cutoff: a worker goes on with its task only
    /// while its task comes before it (a running task is neither ready nor the cutoff, except
    /// task 0 when the search is abandoned). Stored under the lock, read without it at each safe
    /// point (a stale value costs at most a needless trip to the board).
    urgent: AtomicUsize,
}

/// A running task's question at a safe point: should it stop for a more urgent task?
#[derive(Clone, Copy)]
pub(crate) struct Preemption<'a> {
    urgent: &'a AtomicUsize,
    index: usize,
}

impl Preemption<'_> {
    /// True if a task ahead of this one is ready or has succeeded.
    #[inline]
    pub(crate) fn requested(self) -> bool {
        self.urgent.load(Ordering::Relaxed) <= self.index
    }
}

impl<T, R: Copy> Scheduler<T, R> {
    /// `tasks` tasks, all pending.
    pub(crate) fn new(tasks: usize) -> Self {
        Scheduler {
            board: Mutex::new(Board {
                tasks: (0..tasks).map(|_| TaskState::Pending).collect(),
                cutoff: tasks,
                producer_done: false,
                waiting: 0,
            }),
            changed: Condvar::new(),
            urgent: AtomicUsize::new(tasks),
        }
    }

    /// The board, even after a panic elsewhere: the scope reports that panic, and the search must
    /// still wind down rather than wait for ever.
    fn lock(&self) -> MutexGuard<'_, Board<T, R>> {
        self.board.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps `urgent` in step with the board; called under the lock after every change.
    fn note_urgent(&self, board: &Board<T, R>) {
        self.urgent.store(board.first_ready().unwrap_or(board.cutoff), Ordering::Relaxed);
    }

    /// A change that may give a waiting worker work, or let it stop.
    fn announce(&self, board: &Board<T, R>) {
        self.note_urgent(board);
        if board.waiting > 0 {
            self.changed.notify_all();
        }
    }

    /// Task `index` is ready to run, from `task`.
    pub(crate) fn make_ready(&self, index: usize, task: T) {
        let mut board = self.lock();
        board.tasks[index] = TaskState::Ready(task);
        self.announce(&board);
    }

    /// Settles tasks the producer decided without running them: if `success` is given, the
    /// first of them succeeds with it (the rest are behind it and dropped), else all fail.
    pub(crate) fn settle(&self, tasks: Range<usize>, success: Option<R>) {
        let mut board = self.lock();
        for index in tasks {
            board.tasks[index] = match success {
                Some(result) if index < board.cutoff => {
                    board.cutoff = index;
                    TaskState::Succeeded(result)
                }
                Some(_) => TaskState::Dropped,
                None => TaskState::Failed,
            };
        }
        self.announce(&board);
    }

    /// The producer has settled or made ready every task it is to.
    pub(crate) fn producer_done(&self) {
        self.lock().producer_done = true;
    }

    /// Ends the search if the producer stopped before it was done (an error or a panic), so
    /// that no worker waits for ever.
    pub(crate) fn abandon_unless_producer_done(&self) {
        let mut board = self.lock();
        if !board.producer_done {
            board.producer_done = true;
            board.cutoff = 0;
            self.announce(&board);
        }
    }

    /// A worker's loop: run the most urgent ready task with `run(index, task, preemption)`,
    /// until no wanted task is ready or can become ready. `run` checks `preemption` at its safe
    /// points and returns [`TaskEnd::Preempted`] when it is requested.
    pub(crate) fn work(&self, mut run: impl FnMut(usize, &mut T, Preemption<'_>) -> TaskEnd<R>) {
        let mut board = self.lock();
        loop {
            let Some(index) = board.first_ready() else {
                if !board.any_pending() {
                    return;
                }
                board.waiting += 1;
                board = self.changed.wait(board).unwrap_or_else(PoisonError::into_inner);
                board.waiting -= 1;
                continue;
            };
            let TaskState::Ready(mut task) = std::mem::replace(&mut board.tasks[index], TaskState::Running)
            else {
                unreachable!("first_ready finds a ready task")
            };
            self.note_urgent(&board);
            drop(board);

            let end = run(index, &mut task, Preemption { urgent: &self.urgent, index });

            board = self.lock();
            board.tasks[index] = match end {
                TaskEnd::Succeeded(result) => {
                    board.cutoff = board.cutoff.min(index);
                    TaskState::Succeeded(result)
                }
                TaskEnd::Failed => TaskState::Failed,
                TaskEnd::Preempted if index < board.cutoff => TaskState::Ready(task),
                TaskEnd::Preempted => TaskState::Dropped,
            };
            self.announce(&board);
        }
    }

    /// The answer once every worker has stopped: the first task in order that succeeded, with
    /// its index.
    pub(crate) fn first_success(&self) -> Option<(usize, R)> {
        let board = self.lock();
        // Workers stop only when every task before the cutoff is settled, and a task is settled
        // failed or succeeded, never dropped, while it is before the cutoff.
        debug_assert!(board.tasks[..board.cutoff].iter().all(|task| matches!(task, TaskState::Failed)));
        match board.tasks.get(board.cutoff) {
            Some(&TaskState::Succeeded(result)) => Some((board.cutoff, result)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A task that needs `work` safe points to finish, then succeeds if `succeeds`.
    struct Countdown {
        work: u32,
        succeeds: bool,
    }

    fn run(task: &mut Countdown, preemption: Preemption<'_>) -> TaskEnd<u32> {
        while task.work > 0 {
            if preemption.requested() {
                return TaskEnd::Preempted;
            }
            task.work -= 1;
        }
        if task.succeeds { TaskEnd::Succeeded(7) } else { TaskEnd::Failed }
    }

    #[test]
    fn the_first_success_in_priority_order_wins_whatever_the_workers_and_arrival_order() {
        for workers in 0..=3 {
            for _ in 0..20 {
                let scheduler = Scheduler::<Countdown, u32>::new(6);
                std::thread::scope(|scope| {
                    for _ in 0..workers {
                        scope.spawn(|| scheduler.work(|_, task, preemption| run(task, preemption)));
                    }
                    // Tasks arrive from the back, like part 2's classes; 1 and 4 succeed.
                    for index in (1..6).rev() {
                        scheduler.make_ready(index, Countdown { work: 5_000, succeeds: index % 3 == 1 });
                    }
                    scheduler.settle(0..1, None);
                    scheduler.producer_done();
                    scheduler.work(|_, task, preemption| run(task, preemption));
                });
                assert_eq!(scheduler.first_success(), Some((1, 7)), "{workers} workers");
            }
        }
    }

    #[test]
    fn a_producer_that_stops_early_releases_the_workers() {
        let scheduler = Scheduler::<Countdown, u32>::new(3);
        std::thread::scope(|scope| {
            scope.spawn(|| scheduler.work(|_, task, preemption| run(task, preemption)));
            scheduler.make_ready(2, Countdown { work: 10, succeeds: true });
            scheduler.abandon_unless_producer_done();
        });
        assert_eq!(scheduler.first_success(), None);
    }
}
