package io.fabricpulse.server.jobs;

/**
 * Where jobs come from: a batch scheduler's view of which job runs on which node. Slurm is the one here
 * ({@link io.fabricpulse.server.jobs.slurm.SlurmJobSource}); another scheduler (PBS, LSF, Kubernetes) implements
 * this and is chosen by {@code fabricpulse.jobs.source}. One call is one look: the {@link JobPoller} calls it on
 * its own thread, every {@code fabricpulse.jobs.interval}, and keeps the history.
 */
public interface JobSource {

    /** The source's name in logs and in the API, e.g. {@code slurm}. */
    String name();

    /**
     * Every job the scheduler knows now that has run or runs on nodes (pending jobs may be left out), with a
     * time limit of its own: a scheduler that does not answer in time is a failed poll, not a stuck poller.
     *
     * @throws JobSourceException when the scheduler cannot be asked or its answer cannot be read; the message
     *                            says what to fix
     */
    JobSnapshot poll() throws JobSourceException;
}
