/**
 * Jobs: who is hurt. A {@link io.fabricpulse.server.jobs.JobSource} (Slurm: {@code squeue --json} from the
 * server) is polled by the {@link io.fabricpulse.server.jobs.JobPoller} into the history (which job on which
 * node when); {@link io.fabricpulse.server.jobs.NodeMatcher} maps scheduler nodes to the fabric's CAs;
 * {@link io.fabricpulse.server.jobs.LinkJobs} puts jobs on cables with the routes; alerting asks
 * {@link io.fabricpulse.server.jobs.JobImpact} who an alert hurts. docs/JOBS.md.
 */
package io.fabricpulse.server.jobs;
