package io.fabricpulse.server.jobs;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code fabricpulse.jobs.*}: where jobs come from, how often and how patiently the scheduler is asked, how
 * long the history is kept, and how the scheduler's node names find the fabric's nodes.
 *
 * @param source     {@code none} (no jobs: the default) or {@code slurm}
 * @param interval   time between polls of the scheduler
 * @param timeout    a poll that takes longer is stopped and counts as failed
 * @param maxOutput  an answer larger than this is refused (a runaway or hostile command)
 * @param retention  jobs that ended longer ago than this are deleted from the history
 * @param slurm      the Slurm source's settings
 * @param nodeNames  how a scheduler node name becomes the host name the fabric knows
 */
@ConfigurationProperties("fabricpulse.jobs")
public record JobsProperties(@DefaultValue("none") String source,
                             @DefaultValue("30s") Duration interval,
                             @DefaultValue("30s") Duration timeout,
                             @DefaultValue("128MB") DataSize maxOutput,
                             @DefaultValue("90d") Duration retention,
                             @DefaultValue Slurm slurm,
                             @DefaultValue NodeNames nodeNames) {

    public JobsProperties {
        if (!source.equals("none") && !source.equals("slurm")) {
            throw new IllegalArgumentException("fabricpulse.jobs.source must be none or slurm, got '" + source + "'");
        }
        positive("interval", interval);
        positive("timeout", timeout);
        positive("retention", retention);
        if (maxOutput.toBytes() < 1024) {
            throw new IllegalArgumentException("fabricpulse.jobs.max-output must be at least 1KB, got " + maxOutput);
        }
    }

    private static void positive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("fabricpulse.jobs." + name + " must be positive, got " + value);
        }
    }

    /** Job data older than this (three polls) is stale: the scheduler has not answered since. */
    public Duration staleAfter() {
        return interval.multipliedBy(3);
    }

    /**
     * @param squeue      the squeue program: a path, or a name looked up on the server's PATH
     * @param environment added to squeue's environment, e.g. {@code SLURM_CONF: /etc/slurm/slurm.conf}
     */
    public record Slurm(@DefaultValue("squeue") String squeue, Map<String, String> environment) {

        public Slurm {
            environment = environment == null ? Map.of() : Map.copyOf(environment);
        }
    }

    /**
     * A scheduler's node name is rewritten by {@code pattern} and {@code replacement} (Java regex, the whole name
     * must match; a name that does not match stays as it is), then compared, ignoring case and any domain, with
     * the first word of each CA's node-name-map name and of its NodeDescription ({@code node017 HCA-1}: node017).
     * Default: the names are the same.
     */
    public record NodeNames(@DefaultValue("(.+)") String pattern, @DefaultValue("$1") String replacement) {

        public NodeNames {
            try {
                Pattern.compile(pattern);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("fabricpulse.jobs.node-names.pattern is not a regular expression: "
                        + e.getMessage());
            }
        }
    }
}
