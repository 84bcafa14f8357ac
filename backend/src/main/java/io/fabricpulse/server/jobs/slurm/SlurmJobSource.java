package io.fabricpulse.server.jobs.slurm;

import io.fabricpulse.server.jobs.CommandRunner;
import io.fabricpulse.server.jobs.JobSnapshot;
import io.fabricpulse.server.jobs.JobSource;
import io.fabricpulse.server.jobs.JobSourceException;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Slurm, asked from the server: {@code squeue --json --states=all} against slurmctld, the scheduler's own
 * view of every job and its nodes, with the times Slurm recorded (not the times we happened to look).
 * Completed jobs stay in that answer for slurmctld's MinJobAge (5 min by default), so a job that ran between
 * two polls is still caught; {@code sacct} would reach further back but needs slurmdbd, which many sites and
 * this one's tests do not run. The server needs the Slurm client and access to slurmctld (munge key, or
 * {@code SLURM_CONF} pointing at a configless or local slurm.conf); docs/JOBS.md says why the server asks and
 * not the agents.
 */
public final class SlurmJobSource implements JobSource {

    private final List<String> command;
    private final Map<String, String> environment;
    private final CommandRunner runner;
    private final SqueueJson reader;

    /**
     * @param squeue      the squeue program (a path or a name on PATH)
     * @param environment added to the command's environment (SLURM_CONF, SLURM_CLUSTERS, ...)
     */
    public SlurmJobSource(String squeue, Map<String, String> environment, CommandRunner runner, Clock clock) {
        List<String> full = new ArrayList<>(List.of(squeue, "--json", "--states=all"));
        this.command = List.copyOf(full);
        this.environment = Map.copyOf(environment);
        this.runner = runner;
        this.reader = new SqueueJson(clock);
    }

    @Override
    public String name() {
        return "slurm";
    }

    @Override
    public JobSnapshot poll() throws JobSourceException {
        return runner.run(command, environment, out -> reader.read(out, "the answer of " + String.join(" ", command)));
    }
}
