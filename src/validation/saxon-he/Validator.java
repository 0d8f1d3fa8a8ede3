// The Saxon-HE validation engine's JVM side (issue 31), started by src/validation/saxon-he/process.ts as
// `java -Xmx... -cp Saxon-HE.jar Validator.java <threads> <name>=<stylesheet path>...` (Java 11+ runs a single
// source file directly: no build step). Each stylesheet is compiled once, on its first job, and the compiled
// XsltExecutable (thread-safe) is shared by a fixed pool of `threads` threads.
//
// Protocol over stdin/stdout, every message a frame: a 4-byte big-endian length, then that many UTF-8 bytes.
//   ready (once, first):  "0\tREADY\t<Saxon version>\n"
//   request:              "<id>\t<name>[,<name>...]\n<xml>"   (the stylesheets run in order on one parsed document;
//                                                              an empty <xml> only compiles them: a warm-up)
//   reply, success:       "<id>\tOK\t<thread CPU us>\n" then per stylesheet "<name>\t<wall us>\t<byte length>\n<SVRL bytes>"
//   reply, failure:       "<id>\tERR\n<message>"   (malformed XML, a compile or dynamic error)
// Replies come in completion order. stdin's end stops the process once the jobs in flight are answered.
// Nothing else is written to stdout; Saxon's own warnings go to stderr.
import java.io.*;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.*;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;

public class Validator {
  private static final Processor PROCESSOR = new Processor(false);
  private static final Map<String, String> PATHS = new HashMap<>();
  private static final ConcurrentHashMap<String, FutureTask<XsltExecutable>> COMPILED = new ConcurrentHashMap<>();
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private static DataOutputStream out;

  public static void main(String[] args) throws Exception {
    int threads = Integer.parseInt(args[0]);
    for (int i = 1; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      PATHS.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
    // Anything printed by a library goes to stderr, never into the frames.
    System.setOut(System.err);
    AtomicInteger count = new AtomicInteger();
    // Deep stacks: the schematrons recurse over the document tree.
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(null, r, "validator-" + count.incrementAndGet(), 16L << 20);
      t.setDaemon(true);
      return t;
    });
    write(("0\tREADY\t" + PROCESSOR.getSaxonProductVersion() + "\n").getBytes(StandardCharsets.UTF_8));
    DataInputStream in = new DataInputStream(new BufferedInputStream(System.in, 1 << 16));
    for (;;) {
      int length;
      try {
        length = in.readInt();
      } catch (EOFException end) {
        break;
      }
      byte[] frame = new byte[length];
      in.readFully(frame);
      pool.execute(() -> answer(frame));
    }
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.MINUTES);
    out.flush();
    System.exit(0);
  }

  private static void answer(byte[] frame) {
    String text = new String(frame, StandardCharsets.UTF_8);
    int newline = text.indexOf('\n');
    String[] header = text.substring(0, newline).split("\t");
    String id = header[0];
    try {
      byte[] reply = run(id, header[1].split(","), text.substring(newline + 1));
      write(reply);
    } catch (Throwable error) {
      String message = error.getMessage() == null ? error.toString() : error.getMessage();
      write((id + "\tERR\n" + message).getBytes(StandardCharsets.UTF_8));
    }
  }

  private static byte[] run(String id, String[] names, String xml) throws Exception {
    long cpuStart = CPU.getCurrentThreadCpuTime();
    List<XsltExecutable> executables = new ArrayList<>();
    for (String name : names) executables.add(compiled(name));
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (!xml.isEmpty()) {
      XdmNode document = PROCESSOR.newDocumentBuilder().build(source(xml));
      for (int i = 0; i < names.length; i++) {
        long started = System.nanoTime();
        StringWriter svrl = new StringWriter();
        XsltTransformer transformer = executables.get(i).load();
        transformer.setMessageListener((content, terminate, locator) -> {});
        transformer.setInitialContextNode(document);
        transformer.setDestination(PROCESSOR.newSerializer(svrl));
        transformer.transform();
        byte[] bytes = svrl.toString().getBytes(StandardCharsets.UTF_8);
        long micros = (System.nanoTime() - started) / 1000;
        body.write((names[i] + "\t" + micros + "\t" + bytes.length + "\n").getBytes(StandardCharsets.UTF_8));
        body.write(bytes);
      }
    }
    long cpuMicros = (CPU.getCurrentThreadCpuTime() - cpuStart) / 1000;
    ByteArrayOutputStream reply = new ByteArrayOutputStream(body.size() + 64);
    reply.write((id + "\tOK\t" + cpuMicros + "\n").getBytes(StandardCharsets.UTF_8));
    body.writeTo(reply);
    return reply.toByteArray();
  }

  /** The document's text through a parser that reads no DTD and resolves no external entity. */
  private static SAXSource source(String xml) throws Exception {
    // A byte order mark read as text (the official CDAR examples start with one) is no character of the
    // document: SaxonJS and libxml2 skip it, a Reader hands it to the parser as content before the prolog.
    if (xml.startsWith("\uFEFF")) xml = xml.substring(1);
    SAXParserFactory factory = SAXParserFactory.newInstance();
    factory.setNamespaceAware(true);
    factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
    factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    XMLReader reader = factory.newSAXParser().getXMLReader();
    return new SAXSource(reader, new InputSource(new StringReader(xml)));
  }

  /** The executable of a stylesheet, compiled by the first job that needs it while the others wait. */
  private static XsltExecutable compiled(String name) throws Exception {
    String path = PATHS.get(name);
    if (path == null) throw new IllegalArgumentException("unknown stylesheet " + name);
    FutureTask<XsltExecutable> task = new FutureTask<>(() -> {
      XsltCompiler compiler = PROCESSOR.newXsltCompiler();
      List<String> errors = new ArrayList<>();
      compiler.setErrorListener(new javax.xml.transform.ErrorListener() {
        public void warning(javax.xml.transform.TransformerException e) {}
        public void error(javax.xml.transform.TransformerException e) { errors.add(e.getMessageAndLocation()); }
        public void fatalError(javax.xml.transform.TransformerException e) { errors.add(e.getMessageAndLocation()); }
      });
      try {
        return compiler.compile(new StreamSource(new File(path)));
      } catch (SaxonApiException e) {
        throw new Exception("cannot compile " + path + ": " + String.join("; ", errors.isEmpty() ? List.of(e.getMessage()) : errors));
      }
    });
    FutureTask<XsltExecutable> existing = COMPILED.putIfAbsent(name, task);
    if (existing == null) {
      task.run();
      existing = task;
    }
    try {
      return existing.get();
    } catch (ExecutionException e) {
      throw (Exception) e.getCause();
    }
  }

  private static void write(byte[] payload) {
    synchronized (Validator.class) {
      try {
        out.writeInt(payload.length);
        out.write(payload);
        out.flush();
      } catch (IOException e) {
        // stdout closed: the gateway is gone.
        System.exit(1);
      }
    }
  }
}
