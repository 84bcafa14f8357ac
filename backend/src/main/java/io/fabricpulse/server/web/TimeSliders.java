package io.fabricpulse.server.web;

import io.fabricpulse.server.history.FabricHistory;
import io.fabricpulse.server.history.HistoryWindow;
import io.fabricpulse.server.history.PastFabric;
import io.fabricpulse.server.history.PastTopologies;
import io.fabricpulse.server.problem.ReadQuery;
import org.springframework.stereotype.Component;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

/** Reads a page's {@code ?at=} and makes its {@link TimeSlider}. */
@Component
public class TimeSliders {

    private final HistoryWindow history;
    private final PastTopologies topologies;
    private final DisplayFormat format;
    private final Clock clock;

    TimeSliders(HistoryWindow history, PastTopologies topologies, DisplayFormat format, Clock clock) {
        this.history = history;
        this.topologies = topologies;
        this.format = format;
        this.clock = clock;
    }

    /**
     * The past instant a page's {@code at} parameter asks for, null when not given (live).
     *
     * @throws io.fabricpulse.server.problem.ProblemException a 400 problem naming {@code at} when it is no ISO-8601
     *                                                      instant, lies in the future or before the history kept
     */
    public Instant requested(String at) {
        if (at == null) {
            return null;
        }
        MultiValueMap<String, String> params = new LinkedMultiValueMap<>();
        params.add("at", at);
        ReadQuery query = new ReadQuery(params, Set.of("at"));
        Instant instant = history.requested(query, "at");
        query.throwIfInvalid();
        return instant;
    }

    /** The slider of a live page. */
    public TimeSlider live() {
        return slider(null, FabricHistory.NOTES);
    }

    /** The slider of a page showing {@code past}. */
    public TimeSlider at(PastFabric past) {
        return slider(past.at(), past.notes());
    }

    /**
     * The slider of a page showing {@code at}, before its rates are read (the map reads them itself): the notes say
     * how that instant's topology was rebuilt.
     */
    public TimeSlider at(Instant at) {
        return slider(at, FabricHistory.notes(topologies.at(at)));
    }

    private TimeSlider slider(Instant at, List<String> notes) {
        return new TimeSlider(format.isoTime(history.oldest()), format.isoTime(clock.instant().truncatedTo(ChronoUnit.SECONDS)),
                format.isoTime(at), at == null ? null : format.dateTime(at), format.zoneLabel(), notes);
    }
}
