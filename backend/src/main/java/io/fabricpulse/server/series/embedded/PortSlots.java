package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import org.rrd4j.core.ArcDef;
import org.rrd4j.core.DsDef;
import org.rrd4j.core.RrdDb;
import org.rrd4j.core.RrdDef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The ports of the embedded store as slots of groups of {@value #PORTS_PER_GROUP} ports
 * ({@link SlotFields}): per group a state file with a page per port and one file per archive with the rows
 * of all its ports, time-aligned. The files of a group are mapped once for the store's life, so a port
 * costs no file descriptor, no mapping and no page of its own beyond its state page. docs/STORAGE.md has
 * the files and their sizes.
 *
 * <p>rrd4j stays the authority on the format: the layout file {@code layout.rrd} is an rrd4j file of the
 * store's layout (its definition, and the bytes every port shares); rrd4j creates each new port and reads
 * ports for queries through {@link SlotBackendFactory}; updates are rrd4j's arithmetic ({@link RrdUpdate}).
 * The slot index ({@link SlotIndex}) says which port a slot holds.
 *
 * <p>Locking as in {@link PortFiles}: everything done to a port runs under its stripe lock; creating a slot
 * (and opening the store's files on the first write) also takes the allocation lock, never the other way
 * round. Ports share pages but never bytes, so different ports are updated in parallel.
 */
final class PortSlots implements PortStorage {

    static final int PORTS_PER_GROUP = 4096;
    static final String LAYOUT_FILE = "layout.rrd";
    private static final Logger log = LoggerFactory.getLogger(PortSlots.class);
    /** Distinct start seconds whose new-port pages are kept: a few intervals of a large fabric's agents. */
    private static final int INITIAL_PAGES_KEPT = 1024;

    private final Path directory;
    private final StoreFormat format;
    private final RrdLayout layout;
    private final Clock clock;
    private final int portsPerGroup;
    private final RandomAccessAdvice advice = RandomAccessAdvice.load();
    private final PortStripes stripes = new PortStripes();
    private final Object allocation = new Object();
    private final ConcurrentHashMap<PortSeriesKey, Slot> slots = new ConcurrentHashMap<>();
    /** Null until the store's files exist: a store that never stores a rate leaves no trace. */
    private volatile Opened opened;
    private volatile boolean closed;

    /** A port's slot, and its writer once the port has been written since the store opened. */
    private static final class Slot {
        final int number;
        /** Guarded by the port's stripe lock. */
        SlotWriter writer;

        Slot(int number) {
            this.number = number;
        }
    }

    PortSlots(Path directory, StoreFormat format, RrdLayout layout, Clock clock) {
        this(directory, format, layout, clock, PORTS_PER_GROUP);
    }

    /** With another group size: tests cross group boundaries with a few ports. */
    PortSlots(Path directory, StoreFormat format, RrdLayout layout, Clock clock, int portsPerGroup) {
        this.directory = directory;
        this.format = format;
        this.layout = layout;
        this.clock = clock;
        this.portsPerGroup = portsPerGroup;
        if (Files.exists(directory.resolve(LAYOUT_FILE))) {
            synchronized (allocation) {
                opened = open();
            }
        }
    }

    @Override
    public <T> T write(PortSeriesKey port, long startIfNew, WriteAction<T> action) {
        requireOpen();
        ReentrantLock stripe = stripes.of(port);
        stripe.lock();
        try {
            Slot slot = slots.get(port);
            if (slot == null) {
                slot = create(port, startIfNew);
            }
            if (slot.writer == null) {
                slot.writer = writerOf(slot.number, startIfNew);
            }
            return action.apply(slot.writer);
        } catch (IOException | RuntimeException e) {
            throw new SeriesStoreException("series slot of " + port + " in " + directory + ": " + e.getMessage(), e);
        } finally {
            stripe.unlock();
        }
    }

    @Override
    public <T> Optional<T> read(PortSeriesKey port, Action<T> action) {
        requireOpen();
        ReentrantLock stripe = stripes.of(port);
        stripe.lock();
        try {
            Slot slot = slots.get(port);
            if (slot == null) {
                return Optional.empty();
            }
            Opened files = opened;
            try (PortFile file = new PortFile(RrdDb.getBuilder().setPath(files.backend.pathOf(slot.number))
                    .setReadOnly(true).setBackendFactory(files.backend).build())) {
                return Optional.of(action.apply(file));
            }
        } catch (IOException | RuntimeException e) {
            throw new SeriesStoreException("series slot of " + port + " in " + directory + " cannot be read: "
                    + e.getMessage(), e);
        } finally {
            stripe.unlock();
        }
    }

    @Override
    public List<PortSeriesKey> ports() {
        synchronized (allocation) {
            return opened == null ? List.of()
                    : opened.index.holders().stream().filter(Objects::nonNull).distinct().toList();
        }
    }

    @Override
    public String status() {
        Opened files = opened;
        return files == null ? "no ports yet"
                : files.count + " slots in " + files.groups.length + " groups of " + portsPerGroup;
    }

    /** A new slot for {@code port}: rrd4j creates the port through its view, then the index records it. */
    private Slot create(PortSeriesKey port, long start) throws IOException {
        synchronized (allocation) {
            if (opened == null) {
                format.markBeforeFirstFile();
                createLayoutFile();
                opened = open();
            }
            Opened files = opened;
            int number = files.count;
            files.ensureGroupOf(number);
            RrdUpdate previous = files.updateOf(number);
            if (previous.lastUpdateTime() != 0) {
                // A slot whose index record was lost (an append cut short): its rows are another port's.
                previous.clearRows();
                log.warn("series slot {} in {} held an earlier port whose index record was lost; cleared it for {}",
                        number, directory, port);
            }
            initialize(files, number, start);
            files.index.append(port);
            files.count = number + 1;
            Slot slot = new Slot(number);
            slots.put(port, slot);
            return slot;
        }
    }

    /**
     * rrd4j writes the new port's state into the slot's page; its rings then start where every port
     * keeps the time of their first row ({@link SlotFields#alignedPointer}). The page is a function of the
     * start alone, and the ports an agent reports first share their sample's time, so a page made for a
     * start is kept and copied to the next slots that start then: rrd4j builds its objects for a port
     * once per start, not once per port.
     */
    private void initialize(Opened files, int number, long start) throws IOException { // holds the allocation lock
        SlotGroup group = files.groups[number / portsPerGroup];
        long page = (number % portsPerGroup) * files.fields.stateBytes();
        byte[] made = files.initialPages.get(start);
        if (made != null) {
            MemorySegment.copy(made, 0, group.state(), ValueLayout.JAVA_BYTE, page, made.length);
            return;
        }
        RrdDef definition = new RrdDef(files.backend.pathOf(number), start, files.shape.step);
        definition.addDatasource(files.definition.getDsDefs());
        definition.addArchive(files.definition.getArcDefs());
        files.creating = number;
        try {
            RrdDb.getBuilder().setRrdDef(definition).setBackendFactory(files.backend).build().close();
        } finally {
            files.creating = -1;
        }
        RrdUpdate update = files.updateOf(number);
        long lastUpdate = update.lastUpdateTime();
        for (int arc = 0; arc < files.shape.archives(); arc++) {
            long resolution = files.shape.step * files.shape.steps[arc];
            long firstRow = lastUpdate - lastUpdate % resolution + resolution;
            update.startRingsAt(arc, SlotFields.alignedPointer(firstRow, resolution, files.shape.rows[arc]));
        }
        if (files.initialPages.size() >= INITIAL_PAGES_KEPT) {
            files.initialPages.clear();
        }
        files.initialPages.put(start, group.state().asSlice(page, files.fields.stateBytes())
                .toArray(ValueLayout.JAVA_BYTE));
    }

    /**
     * The writer of an existing slot. A slot whose page holds no update time lost its state (a state file
     * cut short and grown back as zeros): rrd4j sets it up again from {@code start}; rows it still has stay.
     */
    private SlotWriter writerOf(int number, long start) throws IOException {
        Opened files = opened;
        RrdUpdate update = files.updateOf(number);
        if (update.lastUpdateTime() == 0) {
            synchronized (allocation) {
                initialize(files, number, start);
            }
            log.warn("series slot {} in {} had no state; started it afresh at {}", number, directory, start);
        }
        return new SlotWriter(update, files.datasourceOf);
    }

    private void createLayoutFile() throws IOException {
        Files.createDirectories(directory);
        Path path = directory.resolve(LAYOUT_FILE);
        Path partial = directory.resolve(LAYOUT_FILE + ".creating");
        Files.deleteIfExists(partial);
        MappedFileBackendFactory.create(layout.definition(partial, clock.instant().getEpochSecond()),
                new MappedFileBackendFactory()).close();
        Files.move(partial, path, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Opens the layout file, the index and the groups the index reaches into. Holds the allocation lock. */
    private Opened open() {
        Path layoutPath = directory.resolve(LAYOUT_FILE);
        try {
            Opened files = new Opened(layoutPath);
            for (PortSeriesKey port : files.index.holders()) {
                if (port != null) {
                    Slot previous = slots.putIfAbsent(port, new Slot(files.count));
                    if (previous != null) {
                        log.error("{} names {} for slots {} and {}: the port keeps slot {}, slot {} stays unused",
                                files.index.path(), port, previous.number, files.count, previous.number, files.count);
                    }
                }
                files.ensureGroupOf(files.count);
                files.count++;
            }
            return files;
        } catch (IOException | RuntimeException e) {
            slots.clear();
            throw new SeriesStoreException("cannot open the series slots in " + directory + ": " + e.getMessage(), e);
        }
    }

    /** What the store has open once its files exist. */
    private final class Opened implements SlotBackendFactory.Slots {

        final RrdDef definition;
        final RrdShape shape;
        final SlotFields fields;
        final SlotImage image;
        final int[] datasourceOf;
        final SlotIndex index;
        final SlotBackendFactory backend;
        volatile SlotGroup[] groups = new SlotGroup[0];
        /** Slots given out; slot n exists when n < count. */
        volatile int count;
        /** New ports' state pages by start second ({@link #initialize}); guarded by the allocation lock. */
        final Map<Long, byte[]> initialPages = new HashMap<>();
        /** The slot rrd4j is creating, readable and writable before it is counted; -1 when none. */
        volatile int creating = -1;

        Opened(Path layoutPath) throws IOException {
            MappedFileBackendFactory layoutBackend = new MappedFileBackendFactory();
            try (RrdDb db = RrdDb.getBuilder().setPath(layoutPath.toString()).setReadOnly(true)
                    .setBackendFactory(layoutBackend).build()) {
                if (!MappedPortWriter.knowsFormatOf(db)) {
                    throw new IOException(layoutPath + " is not an rrd4j file of the format this server updates"
                            + " (version 2, GAUGE datasources)");
                }
                this.definition = db.getRrdDef();
                this.shape = RrdShape.of(db);
                this.datasourceOf = new int[RateSeries.all().size()];
                for (RateSeries series : RateSeries.all()) {
                    datasourceOf[series.index()] = db.containsDs(series.name()) ? db.getDsIndex(series.name()) : -1;
                }
            }
            byte[] template = Files.readAllBytes(layoutPath);
            long expected = new RrdFields(shape.datasources(), shape.rows)
                    .length(Arrays.stream(definition.getDsDefs()).map(DsDef::getDsName).toList());
            if (template.length != expected) {
                throw new IOException(layoutPath + " is " + template.length + " bytes; its definition needs "
                        + expected + " in the rrd4j format this server knows");
            }
            warnIfNotConfigured(layoutPath);
            this.fields = new SlotFields(shape.datasources(), shape.archives(), portsPerGroup);
            this.image = new SlotImage(template, shape, fields);
            this.index = SlotIndex.open(directory);
            this.backend = new SlotBackendFactory(directory, this);
        }

        private void warnIfNotConfigured(Path layoutPath) {
            RrdDef configured = layout.definition(layoutPath, definition.getStartTime());
            if (!describe(configured).equals(describe(definition))) {
                log.warn("series slots in {} keep the layout they were created with ({}); the configured one ({})"
                        + " applies to a new directory", directory, describe(definition), describe(configured));
            }
            if (Arrays.stream(datasourceOf).anyMatch(ds -> ds < 0)) {
                log.warn("series slots in {} predate some series; those are not stored here: {}", directory,
                        RateSeries.all().stream().filter(s -> datasourceOf[s.index()] < 0).map(RateSeries::name)
                                .toList());
            }
        }

        void ensureGroupOf(int slot) throws IOException {
            int group = slot / portsPerGroup;
            if (group < groups.length) {
                return;
            }
            SlotGroup[] grown = Arrays.copyOf(groups, group + 1);
            for (int g = groups.length; g <= group; g++) {
                grown[g] = SlotGroup.open(directory, g, fields, shape.rows, advice);
            }
            groups = grown;
        }

        RrdUpdate updateOf(int slot) {
            SlotGroup group = groups[slot / portsPerGroup];
            int inGroup = slot % portsPerGroup;
            return new RrdUpdate(shape, fields, group.state(), inGroup * fields.stateBytes(), group.archives(),
                    fields.valueBase(inGroup));
        }

        @Override
        public Optional<SlotImage.View> view(int slot) {
            if (slot < 0 || (slot >= count && slot != creating)) {
                return Optional.empty();
            }
            SlotGroup group = groups[slot / portsPerGroup];
            int inGroup = slot % portsPerGroup;
            return Optional.of(image.view(group.state(), inGroup * fields.stateBytes(), group.archives(),
                    fields.valueBase(inGroup)));
        }

        @Override
        public long length() {
            return image.length();
        }

        void close() {
            for (SlotGroup group : groups) {
                group.close();
            }
            try {
                index.close();
            } catch (IOException e) {
                log.warn("closing {} failed: {}", index.path(), e.toString());
            }
        }
    }

    private static String describe(RrdDef def) {
        List<String> parts = new ArrayList<>();
        parts.add("step " + def.getStep() + " s");
        for (DsDef ds : def.getDsDefs()) {
            parts.add(ds.getDsName() + "/" + ds.getHeartbeat());
        }
        for (ArcDef arc : def.getArcDefs()) {
            parts.add(arc.getConsolFun() + " " + arc.getSteps() + "x" + arc.getRows());
        }
        return String.join(", ", parts);
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the embedded series store is closed");
        }
    }

    @Override
    public void close() {
        closed = true;
        stripes.lockAll();
        try {
            synchronized (allocation) {
                Opened files = opened;
                opened = null;
                if (files != null) {
                    files.close();
                }
            }
        } finally {
            stripes.unlockAll();
        }
    }
}
