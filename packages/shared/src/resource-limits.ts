// How much server work one upload may cause: pixels a decoder may be asked for, and the time, memory and
// number of media processes (ffprobe) inspecting uploads, and how far an uploaded archive may unpack.
// One place, so the checks, the decisions and the security notes name the same numbers.

/** Images: at most 40 megapixels (a 160 MB RGBA frame when decoded), read from the file's header. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/**
 * Videos: the coded frame of any video track at most 4096 pixels a side, read from the MP4 header
 * (the spec's own limit, 1920x1080 as displayed, is checked on the same header too).
 */
export const VIDEO_MAX_CODED_SIDE = 4096;

/** An MP4's movie header (moov) larger than this is refused unread: a 30 s clip's is tens of kB. */
export const MP4_MAX_MOOV_BYTES = 4 * 1024 * 1024;

/** Top-level MP4 boxes looked at before the file is refused as not an MP4 we can read. */
export const MP4_MAX_TOP_LEVEL_BOXES = 1024;

/** The first bytes of an image read to find its dimensions (JPEG's may follow large EXIF blocks). */
export const IMAGE_HEADER_READ_BYTES = 1024 * 1024;

/** ffprobe on an upload: killed after this long. */
export const MEDIA_PROCESS_TIMEOUT_MS = 15_000;

/**
 * ffprobe on an upload: its address space (prlimit --as). A 40-megapixel image decodes in about
 * 190 MB; a normal MP4 probe needs about 20 MB resident and 120 MB of address space.
 */
export const MEDIA_PROCESS_MEMORY_BYTES = 512 * 1024 * 1024;

/** Media processes one server runs at once (the machine has two cores; ffprobe uses one). */
export const MEDIA_PROCESSES_PER_SERVER = 2;

/** Media processes that may wait for a free slot; more are refused at once as "busy". */
export const MEDIA_PROCESS_QUEUE_MAX = 16;

/** How long a media process waits for a free slot before the upload is refused as "busy". */
export const MEDIA_PROCESS_QUEUE_WAIT_MS = 20_000;

/** Uploads one user may have in flight (received and inspected) at once; more answer 429. */
export const UPLOADS_PER_USER = 2;

/** What an uploaded workbook may unpack to, counted as it inflates (not as its headers declare). */
export const WORKBOOK_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/** Entries an uploaded workbook may hold (a real one has a few dozen). */
export const WORKBOOK_MAX_ENTRIES = 1000;

/**
 * A render (ffmpeg encoding a vertical video): killed after this long. A render encodes at least as fast
 * as real time on one core, and sources are at most minutes long; one that runs longer is stuck.
 */
export const RENDER_PROCESS_TIMEOUT_MS = 30 * 60_000;

/**
 * A render's address space (prlimit --as). A 1080p H.264 encode runs in under 512 MB on two cores; the
 * encoder's threads grow with the cores, so the cap leaves room for a larger machine.
 */
export const RENDER_PROCESS_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

/** Renders one worker process runs at once (its render queue takes one job at a time). */
export const RENDER_PROCESSES_PER_WORKER = 2;

/** Renders that may wait for a free slot; more are refused at once. */
export const RENDER_PROCESS_QUEUE_MAX = 8;

/** How long a render waits for a free slot before its job fails (and is retried by BullMQ). */
export const RENDER_PROCESS_QUEUE_WAIT_MS = 10 * 60_000;
