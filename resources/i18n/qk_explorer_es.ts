<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AnglePlotPanel</name>
    <message>
        <source>acute
q·k &gt; 0</source>
        <translation>agudo
q·k &gt; 0</translation>
    </message>
    <message>
        <source>obtuse
q·k &lt; 0</source>
        <translation>obtuso
q·k &lt; 0</translation>
    </message>
    <message>
        <source>Plot of q·k against the angle θ as k turns</source>
        <translation>Gráfica de q·k frente al ángulo θ cuando k gira</translation>
    </message>
    <message>
        <source>q·{key} as {key} turns round the origin at its length ‖{key}‖ = {length}</source>
        <translation>q·{key} cuando {key} gira alrededor del origen sin cambiar su longitud ‖{key}‖ = {length}</translation>
    </message>
    <message>
        <source>A zero vector: q·{key} = 0 at every angle, and there is no angle to mark.</source>
        <translation>Hay un vector cero: q·{key} = 0 con cualquier giro y no hay ningún ángulo que marcar.</translation>
    </message>
    <message>
        <source>In one dimension {key} can only point along q or against it: θ is 0° or 180°.</source>
        <translation>En una dimensión, {key} solo puede apuntar como q o al revés: θ vale 0° o 180°.</translation>
    </message>
    <message>
        <source>{key} is {angle} counter-clockwise from q on the canvas: the dot is at +{angle}.</source>
        <translation>En el lienzo, {key} está a {angle} de q en sentido antihorario: el punto está en +{angle}.</translation>
    </message>
    <message>
        <source>{key} is {angle} clockwise from q on the canvas: the dot is at {signed}.</source>
        <translation>En el lienzo, {key} está a {angle} de q en sentido horario: el punto está en {signed}.</translation>
    </message>
    <message>
        <source>θ = {angle}.</source>
        <translation>θ = {angle}.</translation>
    </message>
    <message>
        <source>q·{key} = {dot}, between −{peak} and {peak} = ‖q‖‖{key}‖; 0 at ±90°.</source>
        <translation>q·{key} = {dot}, entre −{peak} y {peak} = ‖q‖‖{key}‖; vale 0 en ±90°.</translation>
    </message>
</context>
<context>
    <name>AttentionFeature</name>
    <message>
        <source>Attention</source>
        <translation>Atención</translation>
    </message>
    <message>
        <source>Add &amp;Key</source>
        <translation>Añadir c&amp;lave</translation>
    </message>
    <message>
        <source>Remo&amp;ve Selected Key</source>
        <translation>&amp;Quitar la clave seleccionada</translation>
    </message>
    <message>
        <source>&amp;Mask or Unmask Selected Key</source>
        <translation>&amp;Enmascarar o desenmascarar la clave seleccionada</translation>
    </message>
    <message>
        <source>Show &amp;Winner Map (2-D)</source>
        <translation>Mostrar el &amp;mapa de la clave ganadora (2-D)</translation>
    </message>
    <message>
        <source>Show Σwᵢvᵢ as a &amp;Chain, Tip to Tail</source>
        <translation>Mostrar Σwᵢvᵢ en ca&amp;dena, punta con cola</translation>
    </message>
    <message>
        <source>Attention Table as a CSV T&amp;able…</source>
        <translation>Tabla de atención como ta&amp;bla CSV…</translation>
    </message>
    <message>
        <source>Export the Attention Table as CSV</source>
        <translation>Exportar la tabla de atención como CSV</translation>
    </message>
    <message>
        <source>Could not export the attention table</source>
        <translation>No se pudo exportar la tabla de atención</translation>
    </message>
</context>
<context>
    <name>AttentionPanel</name>
    <message>
        <source>Scoring</source>
        <translation>Puntuación</translation>
    </message>
    <message>
        <source>scaled dot product q·kᵢ</source>
        <translation>producto escalar escalado q·kᵢ</translation>
    </message>
    <message>
        <source>cosine cos(q, kᵢ) × multiplier</source>
        <translation>coseno cos(q, kᵢ) × multiplicador</translation>
    </message>
    <message>
        <source>Multiplier</source>
        <translation>Multiplicador</translation>
    </message>
    <message>
        <source>Cosine scoring multiplies each cosine by this number</source>
        <translation>Con la puntuación por coseno, cada coseno se multiplica por este número</translation>
    </message>
    <message>
        <source>Compare both rules</source>
        <translation>Comparar ambas reglas</translation>
    </message>
    <message>
        <source>Show both rules&apos; weights side by side, in the table and the chart</source>
        <translation>Muestra uno junto a otro los pesos de ambas reglas, en la tabla y en el gráfico</translation>
    </message>
    <message>
        <source>Own scale</source>
        <translation>Escala propia</translation>
    </message>
    <message>
        <source>Replace 1/√d_k by a scale of your own (PyTorch&apos;s scale= argument)</source>
        <translation>Usar una escala elegida por ti en lugar de 1/√d_k (el argumento scale= de PyTorch)</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Training-mode dropout on the weights, as PyTorch&apos;s dropout_p: off by default</source>
        <translation>Dropout de entrenamiento sobre los pesos, como dropout_p en PyTorch: desactivado de entrada</translation>
    </message>
    <message>
        <source>Probability that a weight is dropped</source>
        <translation>Probabilidad de que un peso se descarte</translation>
    </message>
    <message>
        <source>The same seed drops the same keys</source>
        <translation>Con la misma semilla se descartan las mismas claves</translation>
    </message>
    <message>
        <source>Attention per key: score, scaled logit and weight</source>
        <translation>Atención por clave: puntuación, logit escalado y peso</translation>
    </message>
    <message>
        <source>Dropout probability p</source>
        <translation>Probabilidad de dropout p</translation>
    </message>
    <message>
        <source>Dropout seed</source>
        <translation>Semilla del dropout</translation>
    </message>
    <message>
        <source>Add a key and its value (at most {n})</source>
        <translation>Añade una clave con su valor (como mucho {n})</translation>
    </message>
    <message>
        <source>{key} takes part</source>
        <translation>{key} participa</translation>
    </message>
    <message>
        <source>Checked: {key} takes part in softmax (mask True)</source>
        <translation>Marcada: {key} participa en softmax (máscara True)</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>coseno</translation>
    </message>
    <message>
        <source>dot product</source>
        <translation>producto escalar</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clave</translation>
    </message>
    <message>
        <source>takes
part</source>
        <translation>participa</translation>
    </message>
    <message>
        <source>cosine
cos(q, kᵢ)</source>
        <translation>coseno
cos(q, kᵢ)</translation>
    </message>
    <message>
        <source>score
q·kᵢ</source>
        <translation>puntuación
q·kᵢ</translation>
    </message>
    <message>
        <source>logit
cos × multiplier</source>
        <translation>logit
cos × multiplicador</translation>
    </message>
    <message>
        <source>scaled
logit</source>
        <translation>logit
escalado</translation>
    </message>
    <message>
        <source>weight
({rule})</source>
        <translation>peso
({rule})</translation>
    </message>
    <message>
        <source>after
dropout</source>
        <translation>tras el
dropout</translation>
    </message>
    <message>
        <source>Σ weights</source>
        <translation>Σ pesos</translation>
    </message>
    <message>
        <source>output {sum}</source>
        <translation>salida {sum}</translation>
    </message>
    <message>
        <source>Logit = cos(q, kᵢ) × {m} (the cosine&apos;s own multiplier; 1/√d&lt;sub&gt;k&lt;/sub&gt; is not used)</source>
        <translation>Logit = cos(q, kᵢ) × {m} (el multiplicador propio del coseno; aquí no se usa 1/√d&lt;sub&gt;k&lt;/sub&gt;)</translation>
    </message>
    <message>
        <source>multiplier</source>
        <translation>multiplicador</translation>
    </message>
    <message>
        <source>Scale = 1/√d&lt;sub&gt;k&lt;/sub&gt; = 1/√{d} ≈ {s} (PyTorch&apos;s default)</source>
        <translation>Escala = 1/√d&lt;sub&gt;k&lt;/sub&gt; = 1/√{d} ≈ {s} (la de PyTorch por defecto)</translation>
    </message>
    <message>
        <source>scale 1/√d&lt;sub&gt;k&lt;/sub&gt;</source>
        <translation>escala 1/√d&lt;sub&gt;k&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>Scale = {s}, set by hand in place of 1/√d&lt;sub&gt;k&lt;/sub&gt;</source>
        <translation>Escala = {s}, fijada a mano en lugar de 1/√d&lt;sub&gt;k&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>Cosine scoring</source>
        <translation>Puntuación por coseno</translation>
    </message>
    <message>
        <source>Scaled dot product</source>
        <translation>Producto escalar escalado</translation>
    </message>
    <message>
        <source>Masked, so left out of softmax: {keys}</source>
        <translation>Enmascaradas, y por tanto fuera de softmax: {keys}</translation>
    </message>
    <message>
        <source>Dropout is on: these are the weights before it.</source>
        <translation>El dropout está activo: estos son los pesos antes de aplicarlo.</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>peso</translation>
    </message>
    <message>
        <source>Σ weights: {u}</source>
        <translation>Σ pesos: {u}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Attention of {query} over its keys&lt;/b&gt;: {n} in all, {m} taking part; d&lt;sub&gt;k&lt;/sub&gt; = {d}</source>
        <translation>&lt;b&gt;Atención de {query} sobre sus claves&lt;/b&gt;: {n} en total, {m} participan; d&lt;sub&gt;k&lt;/sub&gt; = {d}</translation>
    </message>
    <message>
        <source>Output Σ wᵢvᵢ: {u}</source>
        <translation>Salida Σ wᵢvᵢ: {u}</translation>
    </message>
    <message>
        <source>Σ weights = {s} over the keys that take part ({m}); masked keys weigh 0</source>
        <translation>Σ pesos = {s} sobre las claves que participan ({m}); las enmascaradas pesan 0</translation>
    </message>
    <message>
        <source>Output Σ wᵢvᵢ = {v}</source>
        <translation>Salida Σ wᵢvᵢ = {v}</translation>
    </message>
    <message>
        <source>scale, set by hand</source>
        <translation>escala fijada a mano</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ Dropout is on&lt;/b&gt; (p = {p}, seed {seed}), as in training: each weight is kept with probability 1 − p and divided by 1 − p, or dropped ({x}). The weights after dropout sum to {s}, &lt;b&gt;not to 1&lt;/b&gt;; their output is {v}.</source>
        <translation>&lt;b&gt;⚠ El dropout está activo&lt;/b&gt; (p = {p}, semilla {seed}), como durante el entrenamiento: cada peso se conserva con probabilidad 1 − p y se divide entre 1 − p, o se descarta ({x}). Tras el dropout los pesos suman {s}, &lt;b&gt;no 1&lt;/b&gt;; su salida es {v}.</translation>
    </message>
    <message>
        <source>{rule}: {reason}</source>
        <translation>{rule}: {reason}</translation>
    </message>
    <message>
        <source>weights ({rule})</source>
        <translation>pesos ({rule})</translation>
    </message>
    <message>
        <source>after dropout</source>
        <translation>tras el dropout</translation>
    </message>
    <message>
        <source>Background: the key that would get the largest weight if q were there (its colour is next to its name); the deeper the colour, the larger that weight.</source>
        <translation>Fondo: la clave que recibiría el mayor peso si q estuviera en ese punto (su color aparece junto a su nombre); cuanto más intenso el color, mayor es ese peso.</translation>
    </message>
    <message>
        <source>Remove {key}</source>
        <translation>Quitar {key}</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <source>Autosave failed: {problem}</source>
        <translation>No se pudo guardar automáticamente: {problem}</translation>
    </message>
    <message>
        <source>{folder} is not a folder</source>
        <translation>{folder} no es una carpeta</translation>
    </message>
    <message>
        <source>no permission to write in {folder}</source>
        <translation>no hay permiso para escribir en {folder}</translation>
    </message>
    <message>
        <source>its lock in {folder} is held elsewhere</source>
        <translation>su bloqueo en {folder} lo tiene otro proceso</translation>
    </message>
    <message>
        <source>its lock in {folder} cannot be made</source>
        <translation>no se puede crear su bloqueo en {folder}</translation>
    </message>
    <message>
        <source>An autosave file in {folder} could not be read and was left as it is ({name}: {problem}).</source>
        <translation>Un archivo de guardado automático de {folder} no se pudo leer y se ha dejado como estaba ({name}: {problem}).</translation>
    </message>
    <message>
        <source>{count} autosave files in {folder} could not be read and were left as they are ({name}: {problem}).</source>
        <translation>{count} archivos de guardado automático de {folder} no se pudieron leer y se han dejado como estaban ({name}: {problem}).</translation>
    </message>
    <message>
        <source>Restore autosaved scene</source>
        <translation>Recuperar la escena guardada automáticamente</translation>
    </message>
    <message>
        <source>Remove the Damaged Autosave</source>
        <translation>Borrar el guardado automático dañado</translation>
    </message>
    <message>
        <source>Remove {count} Damaged Autosaves</source>
        <translation>Borrar {count} guardados automáticos dañados</translation>
    </message>
    <message>
        <source>1 damaged autosave file removed.</source>
        <translation>Se ha borrado 1 archivo de guardado automático dañado.</translation>
    </message>
    <message>
        <source>{count} damaged autosave files removed.</source>
        <translation>Se han borrado {count} archivos de guardado automático dañados.</translation>
    </message>
</context>
<context>
    <name>BilinearView</name>
    <message>
        <source>&lt;b&gt;B = W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; W&lt;sub&gt;K&lt;/sub&gt;&lt;/b&gt;: the score of token i for token j is x&lt;sub&gt;i&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; B x&lt;sub&gt;j&lt;/sub&gt;</source>
        <translation>&lt;b&gt;B = W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; W&lt;sub&gt;K&lt;/sub&gt;&lt;/b&gt;: la puntuación del token i para el token j es x&lt;sub&gt;i&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; B x&lt;sub&gt;j&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>Symmetric: {answer}</source>
        <translation>Simétrica: {answer}</translation>
    </message>
    <message>
        <source>An inner product on the tokens: yes, B is symmetric and every eigenvalue is positive</source>
        <translation>Un producto interno sobre los tokens: sí, B es simétrica y todos sus autovalores son positivos</translation>
    </message>
    <message>
        <source>An inner product on the tokens: no, because {reason}</source>
        <translation>Un producto interno sobre los tokens: no, porque {reason}</translation>
    </message>
</context>
<context>
    <name>Canvas</name>
    <message>
        <source>One dimension: every vector lies on the horizontal axis</source>
        <translation>Una dimensión: todos los vectores están sobre el eje horizontal</translation>
    </message>
    <message>
        <source>n = {n}: the plane spanned by q and {key} (true lengths and angle)</source>
        <translation>n = {n}: el plano que generan q y {key} (longitudes y ángulo reales)</translation>
    </message>
    <message>
        <source>{vector} = {matrix} x{i} comes from the token “{label}”: it cannot be dragged. Move the token, or edit {matrix} in the Projections panel.</source>
        <translation>{vector} = {matrix} x{i} sale del token «{label}»: no se puede arrastrar. Mueve el token o edita {matrix} en el panel Proyecciones.</translation>
    </message>
</context>
<context>
    <name>CoordinatesPanel</name>
    <message>
        <source>Dimension n</source>
        <translation>Dimensión n</translation>
    </message>
    <message>
        <source>Coordinates of every vector</source>
        <translation>Coordenadas de cada vector</translation>
    </message>
    <message>
        <source>How many coordinates every vector has (1 to {n})</source>
        <translation>Cuántas coordenadas tiene cada vector (de 1 a {n})</translation>
    </message>
    <message>
        <source>{vector}, coordinate {axis}</source>
        <translation>{vector}, coordenada {axis}</translation>
    </message>
</context>
<context>
    <name>Documents</name>
    <message>
        <source>Unsaved changes</source>
        <translation>Cambios sin guardar</translation>
    </message>
    <message>
        <source>“{name}” has changes that are not saved yet.</source>
        <translation>«{name}» tiene cambios que aún no se han guardado.</translation>
    </message>
    <message>
        <source>Save them before going on?</source>
        <translation>¿Quieres guardarlos antes de continuar?</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Guardar &amp;como…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>No recent scenes</source>
        <translation>No hay escenas recientes</translation>
    </message>
    <message>
        <source>&amp;Clear the List</source>
        <translation>&amp;Vaciar la lista</translation>
    </message>
    <message>
        <source>Untitled scene</source>
        <translation>Escena sin título</translation>
    </message>
    <message>
        <source>Open Scene</source>
        <translation>Abrir escena</translation>
    </message>
    <message>
        <source>Q·K scenes ({patterns})</source>
        <translation>Escenas Q·K ({patterns})</translation>
    </message>
    <message>
        <source>Scene not found</source>
        <translation>Escena no encontrada</translation>
    </message>
    <message>
        <source>“{name}” is no longer there, so it has been taken off the recent scenes.
{path}</source>
        <translation>«{name}» ya no está en su sitio, así que se ha quitado de las escenas recientes.
{path}</translation>
    </message>
    <message>
        <source>Could not open the scene</source>
        <translation>No se pudo abrir la escena</translation>
    </message>
    <message>
        <source>{file}: {problem}</source>
        <translation>{file}: {problem}</translation>
    </message>
    <message>
        <source>Save Scene</source>
        <translation>Guardar escena</translation>
    </message>
    <message>
        <source>Could not save the scene</source>
        <translation>No se pudo guardar la escena</translation>
    </message>
</context>
<context>
    <name>Explorations</name>
    <message>
        <source>q·k and θ</source>
        <translation>q·k y θ</translation>
    </message>
    <message>
        <source>Why √d</source>
        <translation>¿Por qué √d?</translation>
    </message>
    <message>
        <source>Show a Pair with the &amp;Same Product</source>
        <translation>Mostrar un par con el &amp;mismo producto</translation>
    </message>
</context>
<context>
    <name>Exporting</name>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportar</translation>
    </message>
    <message>
        <source>Canvas as &amp;PNG Picture…</source>
        <translation>Lienzo como imagen &amp;PNG…</translation>
    </message>
    <message>
        <source>Canvas as &amp;SVG Drawing…</source>
        <translation>Lienzo como dibujo &amp;SVG…</translation>
    </message>
    <message>
        <source>Numbers as &amp;JSON…</source>
        <translation>Números como &amp;JSON…</translation>
    </message>
    <message>
        <source>Numbers as &amp;CSV Table…</source>
        <translation>Números como tabla &amp;CSV…</translation>
    </message>
    <message>
        <source>Copy &amp;Worked Example</source>
        <translation>Copiar &amp;ejemplo resuelto</translation>
    </message>
    <message>
        <source>As &amp;LaTeX</source>
        <translation>Como &amp;LaTeX</translation>
    </message>
    <message>
        <source>As &amp;Markdown</source>
        <translation>Como &amp;Markdown</translation>
    </message>
    <message>
        <source>As &amp;NumPy Code</source>
        <translation>Como código &amp;NumPy</translation>
    </message>
    <message>
        <source>As &amp;PyTorch Code</source>
        <translation>Como código &amp;PyTorch</translation>
    </message>
    <message>
        <source>Export Canvas as PNG</source>
        <translation>Exportar el lienzo como PNG</translation>
    </message>
    <message>
        <source>PNG pictures ({patterns})</source>
        <translation>Imágenes PNG ({patterns})</translation>
    </message>
    <message>
        <source>Could not export the picture</source>
        <translation>No se pudo exportar la imagen</translation>
    </message>
    <message>
        <source>Export Canvas as SVG</source>
        <translation>Exportar el lienzo como SVG</translation>
    </message>
    <message>
        <source>SVG drawings ({patterns})</source>
        <translation>Dibujos SVG ({patterns})</translation>
    </message>
    <message>
        <source>Made with Q·K Explorer</source>
        <translation>Hecho con Q·K Explorer</translation>
    </message>
    <message>
        <source>Could not export the drawing</source>
        <translation>No se pudo exportar el dibujo</translation>
    </message>
    <message>
        <source>Not while a question is open: these numbers would give away its answer. Reveal the solution or go on first.</source>
        <translation>No mientras haya una pregunta abierta: estos números delatarían su respuesta. Muestra la solución o sigue adelante primero.</translation>
    </message>
    <message>
        <source>Export Numbers as JSON</source>
        <translation>Exportar los números como JSON</translation>
    </message>
    <message>
        <source>JSON ({patterns})</source>
        <translation>JSON ({patterns})</translation>
    </message>
    <message>
        <source>Could not export the numbers</source>
        <translation>No se pudieron exportar los números</translation>
    </message>
    <message>
        <source>Export Numbers as CSV</source>
        <translation>Exportar los números como CSV</translation>
    </message>
    <message>
        <source>CSV tables ({patterns})</source>
        <translation>Tablas CSV ({patterns})</translation>
    </message>
    <message>
        <source>LaTeX</source>
        <translation>LaTeX</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>NumPy code</source>
        <translation>código NumPy</translation>
    </message>
    <message>
        <source>PyTorch code</source>
        <translation>código PyTorch</translation>
    </message>
    <message>
        <source>Worked example copied as {kind}.</source>
        <translation>Ejemplo resuelto copiado como {kind}.</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>Guardado en {path}</translation>
    </message>
</context>
<context>
    <name>FileIO</name>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>una tubería con nombre (FIFO)</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>un socket</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>un dispositivo</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>algo que no es un archivo normal</translation>
    </message>
    <message>
        <source>{path}: no such file</source>
        <translation>{path}: el archivo no existe</translation>
    </message>
    <message>
        <source>{path} is a folder, not a file</source>
        <translation>{path} es una carpeta, no un archivo</translation>
    </message>
    <message>
        <source>{path} is {kind}; only regular files are read or written</source>
        <translation>{path} es {kind}; solo se leen y se escriben archivos normales</translation>
    </message>
    <message>
        <source>{path}: the folder {folder} does not exist</source>
        <translation>{path}: la carpeta {folder} no existe</translation>
    </message>
    <message>
        <source>{path}: the name is not valid UTF-8; choose a name in UTF-8</source>
        <translation>{path}: el nombre no es UTF-8 válido; elija un nombre en UTF-8</translation>
    </message>
</context>
<context>
    <name>LessonGuide</name>
    <message>
        <source>Back to the step&apos;s scene</source>
        <translation>Volver a la escena del paso</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>&amp;Siguiente</translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation>&amp;Anterior</translation>
    </message>
    <message>
        <source>&amp;Reveal or Hide the Solution</source>
        <translation>&amp;Mostrar u ocultar la solución</translation>
    </message>
    <message>
        <source>Back to the Step&apos;s &amp;Scene</source>
        <translation>Volver a la &amp;escena del paso</translation>
    </message>
    <message>
        <source>&amp;Go to Step</source>
        <translation>&amp;Ir al paso</translation>
    </message>
    <message>
        <source>Check &amp;Questions</source>
        <translation>&amp;Preguntas de comprobación</translation>
    </message>
    <message>
        <source>&amp;Leave the Lesson</source>
        <translation>Sa&amp;lir de la lección</translation>
    </message>
    <message>
        <source>Practice &amp;Summary as CSV…</source>
        <translation>&amp;Resumen de la práctica como CSV…</translation>
    </message>
    <message>
        <source>Export the Practice Summary as CSV</source>
        <translation>Exportar el resumen de la práctica como CSV</translation>
    </message>
    <message>
        <source>Could not export the practice summary</source>
        <translation>No se pudo exportar el resumen de la práctica</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lección</translation>
    </message>
    <message>
        <source>About This Lesson</source>
        <translation>Acerca de la lección</translation>
    </message>
    <message>
        <source>About This &amp;Lesson</source>
        <translation>Acerca de la &amp;lección</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Anterior</translation>
    </message>
    <message>
        <source>Previous step (Page Up or Backspace)</source>
        <translation>Paso anterior (Re Pág o Retroceso)</translation>
    </message>
    <message>
        <source>You have changed the scene since the question was asked: the solution below uses the numbers on screen now.</source>
        <translation>Has cambiado la escena desde que se planteó la pregunta: la solución usa los números que hay ahora en pantalla.</translation>
    </message>
    <message>
        <source>All steps and questions</source>
        <translation>Todos los pasos y preguntas</translation>
    </message>
    <message>
        <source>Step {n} of {total}</source>
        <translation>Paso {n} de {total}</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Pregunta</translation>
    </message>
    <message>
        <source>Question {n} of {total}</source>
        <translation>Pregunta {n} de {total}</translation>
    </message>
    <message>
        <source>Start ▶</source>
        <translation>Empezar ▶</translation>
    </message>
    <message>
        <source>Load this step&apos;s scene and begin (Page Down or Space)</source>
        <translation>Carga la escena de este paso y empieza (Av Pág o Espacio)</translation>
    </message>
    <message>
        <source>Reveal ▶</source>
        <translation>Solución ▶</translation>
    </message>
    <message>
        <source>Show the solution (Page Down or Space)</source>
        <translation>Muestra la solución (Av Pág o Espacio)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Siguiente ▶</translation>
    </message>
    <message>
        <source>Next step (Page Down or Space)</source>
        <translation>Paso siguiente (Av Pág o Espacio)</translation>
    </message>
    <message>
        <source>Hide the Solution</source>
        <translation>Ocultar la solución</translation>
    </message>
    <message>
        <source>Reveal the Solution</source>
        <translation>Mostrar la solución</translation>
    </message>
    <message>
        <source>Back to the Question&apos;s Scene</source>
        <translation>Volver a la escena de la pregunta</translation>
    </message>
    <message>
        <source>Back to This Step&apos;s Scene</source>
        <translation>Volver a la escena de este paso</translation>
    </message>
    <message>
        <source>&lt;b&gt;Try it.&lt;/b&gt; {hint}</source>
        <translation>&lt;b&gt;Pruébalo.&lt;/b&gt; {hint}</translation>
    </message>
    <message>
        <source>Check questions</source>
        <translation>Preguntas de comprobación</translation>
    </message>
</context>
<context>
    <name>LiveDescription</name>
    <message>
        <source>{pair} = {dot}</source>
        <translation>{pair} = {dot}</translation>
    </message>
    <message>
        <source>{pair} = {dot}, acute angle of {angle}</source>
        <translation>{pair} = {dot}, ángulo agudo de {angle}</translation>
    </message>
    <message>
        <source>{pair} = {dot}, right angle</source>
        <translation>{pair} = {dot}, ángulo recto</translation>
    </message>
    <message>
        <source>{pair} = {dot}, obtuse angle of {angle}</source>
        <translation>{pair} = {dot}, ángulo obtuso de {angle}</translation>
    </message>
    <message>
        <source>{pair} = {dot}, angle of {angle}: same direction</source>
        <translation>{pair} = {dot}, ángulo de {angle}: mismo sentido</translation>
    </message>
    <message>
        <source>{pair} = {dot}, angle of {angle}: opposite directions</source>
        <translation>{pair} = {dot}, ángulo de {angle}: sentidos opuestos</translation>
    </message>
    <message>
        <source>{pair} = {dot}, no angle (a zero vector has no direction)</source>
        <translation>{pair} = {dot}, sin ángulo (un vector nulo no tiene dirección)</translation>
    </message>
    <message>
        <source>{key} gets {percent} of the attention</source>
        <translation>{key} recibe el {percent} de la atención</translation>
    </message>
    <message>
        <source>the {count} keys share the attention equally</source>
        <translation>las {count} claves se reparten la atención a partes iguales</translation>
    </message>
    <message>
        <source>every key is masked, so there are no attention weights</source>
        <translation>todas las claves están enmascaradas, así que no hay pesos de atención</translation>
    </message>
    <message>
        <source>the attention weights are undefined</source>
        <translation>los pesos de atención no están definidos</translation>
    </message>
    <message>
        <source>Drawing of q, the keys and the values; Tab picks a vector, the arrow keys move it</source>
        <translation>Dibujo de q, las claves y los valores; Tab elige un vector y las flechas lo mueven</translation>
    </message>
    <message>
        <source>The state of the scene in one sentence</source>
        <translation>El estado de la escena en una frase</translation>
    </message>
</context>
<context>
    <name>MagnitudePanel</name>
    <message>
        <source>Multiply q by a factor c. q₀ is q as it was when you started scaling, so q = c·q₀ at every step.</source>
        <translation>Multiplica q por un factor c. q₀ es el q que había al empezar a escalar, así que en todo momento q = c·q₀.</translation>
    </message>
    <message>
        <source>c</source>
        <translation>c</translation>
    </message>
    <message>
        <source>Factor c for q</source>
        <translation>Factor c de q</translation>
    </message>
    <message>
        <source>Drag to scale q between −3 and 3; type any factor in the box</source>
        <translation>Arrastra para escalar q entre −3 y 3; en la casilla puedes escribir cualquier factor</translation>
    </message>
    <message>
        <source>c = 1</source>
        <translation>c = 1</translation>
    </message>
    <message>
        <source>Put q back to q₀</source>
        <translation>Devolver q a q₀</translation>
    </message>
    <message>
        <source>Show the same-product pair</source>
        <translation>Mostrar el par de igual producto</translation>
    </message>
    <message>
        <source>&lt;b&gt;before: q₀&lt;/b&gt;</source>
        <translation>&lt;b&gt;antes: q₀&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;now: c·q₀&lt;/b&gt;</source>
        <translation>&lt;b&gt;ahora: c·q₀&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{value} = {c} × {before}</source>
        <translation>{value} = {c} × {before}</translation>
    </message>
    <message>
        <source>c = {c} &gt; 0: q keeps its direction. The product is c times as large; cos θ and the angle do not change.</source>
        <translation>c = {c} &gt; 0: q conserva su dirección. El producto se multiplica por c; cos θ y el ángulo no cambian.</translation>
    </message>
    <message>
        <source>c = {c} &lt; 0: q points the opposite way. The product changes sign, cos θ changes sign and θ becomes 180° − θ.</source>
        <translation>c = {c} &lt; 0: q apunta en sentido contrario. El producto cambia de signo, cos θ también, y θ pasa a ser 180° − θ.</translation>
    </message>
    <message>
        <source>c = 0: q is the zero vector. The product is 0, but q has no direction, so cos θ and θ are undefined.</source>
        <translation>c = 0: q es el vector cero. El producto vale 0, pero q no tiene dirección, así que cos θ y θ no están definidos.</translation>
    </message>
    <message>
        <source>q₀ or the key is the zero vector: there is no angle to keep. The product is still c times q₀·k.</source>
        <translation>q₀ o la clave es el vector cero: no hay ángulo que conservar. El producto sigue siendo c veces q₀·k.</translation>
    </message>
    <message>
        <source>Same product, different angle: impossible in one dimension, where the sign of the product fixes the angle at 0° or 180°.</source>
        <translation>Mismo producto, otro ángulo: imposible en una dimensión, donde el signo del producto fija el ángulo en 0° o 180°.</translation>
    </message>
    <message>
        <source>Same product, different angle: with a zero vector the product is 0 and there is no angle.</source>
        <translation>Mismo producto, otro ángulo: con un vector cero el producto vale 0 y no hay ángulo.</translation>
    </message>
    <message>
        <source>Same product, different angle: a product of 0 between non-zero vectors always means 90°, so no other angle gives it.</source>
        <translation>Mismo producto, otro ángulo: entre vectores no nulos, un producto 0 significa siempre 90°, así que ningún otro ángulo lo da.</translation>
    </message>
    <message>
        <source>Same product, different angle: q′ = {q} and k′ = {k} also give q′·k′ = {dot}, but they lie on one line: θ′ = {angle}.</source>
        <translation>Mismo producto, otro ángulo: q′ = {q} y k′ = {k} también dan q′·k′ = {dot}, pero están sobre una misma recta: θ′ = {angle}.</translation>
    </message>
    <message>
        <source>Same product, different angle: q′ = {q} and k′ = {k} also give q′·k′ = {dot}, but cos θ′ = {cos} (θ′ = {angle}).</source>
        <translation>Mismo producto, otro ángulo: q′ = {q} y k′ = {k} también dan q′·k′ = {dot}, pero cos θ′ = {cos} (θ′ = {angle}).</translation>
    </message>
    <message>
        <source>The product alone does not tell the angle.</source>
        <translation>El producto por sí solo no revela el ángulo.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Lesson</source>
        <translation>&amp;Lección</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Scenes</source>
        <translation>E&amp;scenas</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <source>&amp;Undo {step}</source>
        <translation>&amp;Deshacer {step}</translation>
    </message>
    <message>
        <source>&amp;Redo {step}</source>
        <translation>&amp;Rehacer {step}</translation>
    </message>
    <message>
        <source>Snap to &amp;Grid (Ctrl-drag moves freely)</source>
        <translation>Ajustar a la &amp;cuadrícula (Ctrl + arrastrar mueve libremente)</translation>
    </message>
    <message>
        <source>&amp;Fit Scene</source>
        <translation>&amp;Encuadrar la escena</translation>
    </message>
    <message>
        <source>Show &amp;Projection and Angle</source>
        <translation>Mostrar &amp;proyección y ángulo</translation>
    </message>
    <message>
        <source>Show &amp;Values and Output</source>
        <translation>Mostrar &amp;valores y salida</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Ampliar</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>&amp;Reducir</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>Tamaño &amp;normal</translation>
    </message>
    <message>
        <source>Follow the &amp;System</source>
        <translation>Seguir al &amp;sistema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Claro</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Oscuro</translation>
    </message>
    <message>
        <source>&amp;Projector</source>
        <translation>&amp;Proyector</translation>
    </message>
    <message>
        <source>&amp;High Contrast</source>
        <translation>&amp;Alto contraste</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>Decimal &amp;Point in Every Language</source>
        <translation>&amp;Punto decimal en todos los idiomas</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Paneles</translation>
    </message>
    <message>
        <source>&amp;About Q·K Explorer</source>
        <translation>&amp;Acerca de Q·K Explorer</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>Cargar escena predefinida</translation>
    </message>
    <message>
        <source>About Q·K Explorer</source>
        <translation>Acerca de Q·K Explorer</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Q·K Explorer {version}&lt;/h3&gt;&lt;p&gt;Drag a query and its keys to see how an inner product measures alignment, and how scaled dot-product attention turns those products into weights.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Q·K Explorer {version}&lt;/h3&gt;&lt;p&gt;Arrastra una consulta y sus claves para ver cómo un producto interno mide la alineación y cómo la atención por producto escalar escalado convierte esos productos en pesos.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>MatrixEditor</name>
    <message>
        <source>Identity</source>
        <translation>Identidad</translation>
    </message>
    <message>
        <source>Rotation by θ</source>
        <translation>Rotación de ángulo θ</translation>
    </message>
    <message>
        <source>Scaling by s</source>
        <translation>Escalado por s</translation>
    </message>
    <message>
        <source>Shear by k</source>
        <translation>Cizalla de factor k</translation>
    </message>
    <message>
        <source>Random, from a seed</source>
        <translation>Aleatoria, con una semilla</translation>
    </message>
    <message>
        <source>A ready-made {matrix}</source>
        <translation>Una {matrix} ya hecha</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Poner</translation>
    </message>
    <message>
        <source>Replace {matrix} by the matrix chosen beside</source>
        <translation>Sustituye {matrix} por la matriz elegida al lado</translation>
    </message>
    <message>
        <source>{matrix}, row {row}, column {column}</source>
        <translation>{matrix}, fila {row}, columna {column}</translation>
    </message>
    <message>
        <source>Type a value, or drag sideways to change it (Shift: finer)</source>
        <translation>Escribe un valor o arrastra hacia los lados para cambiarlo (Mayús: más fino)</translation>
    </message>
    <message>
        <source>θ in degrees</source>
        <translation>θ en grados</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
</context>
<context>
    <name>MatrixFeature</name>
    <message>
        <source>Q·Kᵀ Matrix</source>
        <translation>Matriz Q·Kᵀ</translation>
    </message>
    <message>
        <source>Add &amp;Query</source>
        <translation>Añadir c&amp;onsulta</translation>
    </message>
    <message>
        <source>Remove Selected Quer&amp;y</source>
        <translation>Quitar la consulta &amp;seleccionada</translation>
    </message>
    <message>
        <source>&amp;Causal Mask</source>
        <translation>Máscara ca&amp;usal</translation>
    </message>
    <message>
        <source>Q·Kᵀ Matrix as a CS&amp;V Table…</source>
        <translation>Matriz Q·Kᵀ como tabla CS&amp;V…</translation>
    </message>
    <message>
        <source>Q·Kᵀ Matrix as a P&amp;icture…</source>
        <translation>Matriz Q·Kᵀ como &amp;imagen…</translation>
    </message>
    <message>
        <source>Export the Q·Kᵀ Matrix as CSV</source>
        <translation>Exportar la matriz Q·Kᵀ como CSV</translation>
    </message>
    <message>
        <source>Could not export the matrix</source>
        <translation>No se pudo exportar la matriz</translation>
    </message>
    <message>
        <source>Export the Q·Kᵀ Matrix as a Picture</source>
        <translation>Exportar la matriz Q·Kᵀ como imagen</translation>
    </message>
</context>
<context>
    <name>MatrixPanel</name>
    <message>
        <source>Causal (qᵢ sees k₁ … kᵢ)</source>
        <translation>Causal (qᵢ ve k₁ … kᵢ)</translation>
    </message>
    <message>
        <source>PyTorch&apos;s is_causal: each query sees only the keys up to its own position</source>
        <translation>is_causal de PyTorch: cada consulta solo ve las claves hasta su propia posición</translation>
    </message>
    <message>
        <source>Remove selected query</source>
        <translation>Quitar la consulta seleccionada</translation>
    </message>
    <message>
        <source>Mask by click</source>
        <translation>Enmascarar con un clic</translation>
    </message>
    <message>
        <source>While on, a click on a cell masks or unmasks that pair (as Ctrl+click does)</source>
        <translation>Mientras está activo, un clic en una celda enmascara o desenmascara ese par (como Ctrl+clic)</translation>
    </message>
    <message>
        <source>Causal masking hides this pair: turn it off to change it.</source>
        <translation>La máscara causal oculta este par: desactívala para cambiarlo.</translation>
    </message>
    <message>
        <source>Pinned: {pair} — Esc releases</source>
        <translation>Fijado: {pair} — Esc lo suelta</translation>
    </message>
    <message>
        <source>Scores cos(qᵢ, kⱼ)</source>
        <translation>Puntuaciones cos(qᵢ, kⱼ)</translation>
    </message>
    <message>
        <source>Scores QKᵀ</source>
        <translation>Puntuaciones QKᵀ</translation>
    </message>
    <message>
        <source>Scaled logits × {scale}</source>
        <translation>Logits escalados × {scale}</translation>
    </message>
    <message>
        <source>Weights before dropout</source>
        <translation>Pesos antes del dropout</translation>
    </message>
    <message>
        <source>Weights: softmax</source>
        <translation>Pesos: softmax</translation>
    </message>
    <message>
        <source>Outputs W·V</source>
        <translation>Salidas W·V</translation>
    </message>
    <message>
        <source>Scaled logit = cosine × {scale}, the cosine&apos;s multiplier.</source>
        <translation>Logit escalado = coseno × {scale}, el multiplicador del coseno.</translation>
    </message>
    <message>
        <source>Scaled logit = score × 1/√dₖ = score × {scale} (dₖ = {d}).</source>
        <translation>Logit escalado = puntuación × 1/√dₖ = puntuación × {scale} (dₖ = {d}).</translation>
    </message>
    <message>
        <source>Scaled logit = score × {scale}, a scale of your own.</source>
        <translation>Logit escalado = puntuación × {scale}, con una escala propia.</translation>
    </message>
    <message>
        <source>no key takes part</source>
        <translation>no participa ninguna clave</translation>
    </message>
    <message>
        <source>zero query: no cosine</source>
        <translation>consulta nula: sin coseno</translation>
    </message>
    <message>
        <source>{key} is zero: no cosine</source>
        <translation>{key} es nula: sin coseno</translation>
    </message>
    <message>
        <source>Hatched: masked. Its logit (point at the cell to read it) becomes −∞ before softmax, so its weight is 0.</source>
        <translation>Rayado: enmascarado. Su logit (señala la celda para leerlo) pasa a ser −∞ antes de softmax, así que su peso es 0.</translation>
    </message>
    <message>
        <source>Each row of weights sums to 1 (the Σ column); the columns do not: one key may gather more than 1 in all, another almost nothing.</source>
        <translation>Cada fila de pesos suma 1 (columna Σ); las columnas no: una clave puede reunir más de 1 en total y otra casi nada.</translation>
    </message>
    <message>
        <source>Hatched: masked. Its logit becomes −∞ before softmax, so its weight is 0.</source>
        <translation>Rayado: enmascarado. Su logit pasa a ser −∞ antes de softmax, así que su peso es 0.</translation>
    </message>
    <message>
        <source>{query}: {reason}</source>
        <translation>{query}: {reason}</translation>
    </message>
    <message>
        <source>Point at a cell to see its pair on the canvas; click to pin it, Ctrl+click to mask or unmask it.</source>
        <translation>Señala una celda para ver su par en el lienzo; haz clic para fijarla y Ctrl+clic para enmascararla o desenmascararla.</translation>
    </message>
    <message>
        <source>logit of {pair} = {value}</source>
        <translation>logit de {pair} = {value}</translation>
    </message>
    <message>
        <source>weight of {pair} = {value}</source>
        <translation>peso de {pair} = {value}</translation>
    </message>
    <message>
        <source>Σ of row {query} = {value}</source>
        <translation>Σ de la fila {query} = {value}</translation>
    </message>
    <message>
        <source>Masked by causal masking (key after the query).</source>
        <translation>Enmascarado por la máscara causal (la clave va después de la consulta).</translation>
    </message>
    <message>
        <source>Masked.</source>
        <translation>Enmascarado.</translation>
    </message>
    <message>
        <source>Scores Q·Kᵀ</source>
        <translation>Puntuaciones Q·Kᵀ</translation>
    </message>
    <message>
        <source>Scaled logits (masked: −∞)</source>
        <translation>Logits escalados (enmascarados: −∞)</translation>
    </message>
    <message>
        <source>Weights: softmax along each row</source>
        <translation>Pesos: softmax a lo largo de cada fila</translation>
    </message>
    <message>
        <source>… {q} more queries and {k} more keys, not shown for room</source>
        <translation>… {q} consultas y {k} claves más, sin espacio para mostrarlas</translation>
    </message>
</context>
<context>
    <name>Mistakes</name>
    <message>
        <source>right: {code}</source>
        <translation>correcto: {code}</translation>
    </message>
    <message>
        <source>This mistake cannot happen in this scene.</source>
        <translation>Este error no puede darse en esta escena.</translation>
    </message>
    <message>
        <source>{query}: no weights: {why}</source>
        <translation>{query}: no hay pesos: {why}</translation>
    </message>
    <message>
        <source>{query}: output {wrong} instead of {right}</source>
        <translation>{query}: salida {wrong} en lugar de {right}</translation>
    </message>
    <message>
        <source>{query}: weights {wrong} instead of {right}; they add up to {total}</source>
        <translation>{query}: pesos {wrong} en lugar de {right}; suman {total}</translation>
    </message>
    <message>
        <source>Here it gives the same weights as the right computation.</source>
        <translation>Aquí da los mismos pesos que el cálculo correcto.</translation>
    </message>
</context>
<context>
    <name>NumbersPanel</name>
    <message>
        <source>kind of angle</source>
        <translation>tipo de ángulo</translation>
    </message>
    <message>
        <source>{value} (never above 1)</source>
        <translation>{value} (nunca pasa de 1)</translation>
    </message>
    <message>
        <source>{value}: the remainder is ⟂ {key}</source>
        <translation>{value}: el resto es ⟂ a {key}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{query} against {key}&lt;/b&gt; (n = {n})</source>
        <translation>&lt;b&gt;{query} frente a {key}&lt;/b&gt; (n = {n})</translation>
    </message>
</context>
<context>
    <name>PairFeature</name>
    <message>
        <source>Numbers</source>
        <translation>Números</translation>
    </message>
    <message>
        <source>Coordinates</source>
        <translation>Coordenadas</translation>
    </message>
</context>
<context>
    <name>PictureSizeDialog</name>
    <message>
        <source>{width} px (as on screen)</source>
        <translation>{width} px (como en pantalla)</translation>
    </message>
    <message>
        <source>{width} px</source>
        <translation>{width} px</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Anchura:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Tamaño:</translation>
    </message>
    <message>
        <source>&amp;Choose File…</source>
        <translation>&amp;Elegir archivo…</translation>
    </message>
    <message>
        <source>{width} × {height} pixels</source>
        <translation>{width} × {height} píxeles</translation>
    </message>
</context>
<context>
    <name>PracticeFeature</name>
    <message>
        <source>Common &amp;Mistakes</source>
        <translation>&amp;Errores frecuentes</translation>
    </message>
    <message>
        <source>&amp;None: the Right Computation Only</source>
        <translation>&amp;Ninguno: solo el cálculo correcto</translation>
    </message>
    <message>
        <source>Practice S&amp;heet (PDF)…</source>
        <translation>&amp;Hoja de práctica (PDF)…</translation>
    </message>
    <message>
        <source>Export a Practice Sheet</source>
        <translation>Exportar una hoja de práctica</translation>
    </message>
    <message>
        <source>Could not export the practice sheet</source>
        <translation>No se pudo exportar la hoja de práctica</translation>
    </message>
</context>
<context>
    <name>PracticeSheet</name>
    <message>
        <source>Practice sheet</source>
        <translation>Hoja de práctica</translation>
    </message>
</context>
<context>
    <name>PracticeSheetDialog</name>
    <message>
        <source>Practice Sheet</source>
        <translation>Hoja de práctica</translation>
    </message>
    <message>
        <source>&amp;Questions:</source>
        <translation>&amp;Preguntas:</translation>
    </message>
    <message>
        <source>Fresh numbers for &amp;each:</source>
        <translation>Números nuevos para &amp;cada una:</translation>
    </message>
    <message>
        <source>&amp;First seed:</source>
        <translation>Primera &amp;semilla:</translation>
    </message>
</context>
<context>
    <name>PredictionForm</name>
    <message>
        <source>&lt;b&gt;Predict, then check&lt;/b&gt;</source>
        <translation>&lt;b&gt;Predice y comprueba&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Numbers:</source>
        <translation>Números:</translation>
    </message>
    <message>
        <source>the lesson&apos;s own</source>
        <translation>los de la lección</translation>
    </message>
    <message>
        <source>Seed of the question&apos;s numbers</source>
        <translation>Semilla de los números de la pregunta</translation>
    </message>
    <message>
        <source>The same seed gives the same numbers everywhere: type one and press Enter</source>
        <translation>La misma semilla da los mismos números en todas partes: escribe una y pulsa Intro</translation>
    </message>
    <message>
        <source>New Numbers</source>
        <translation>Números nuevos</translation>
    </message>
    <message>
        <source>Lesson&apos;s Numbers</source>
        <translation>Números de la lección</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Comprobar</translation>
    </message>
    <message>
        <source>Try Again</source>
        <translation>Reintentar</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>Mostrar</translation>
    </message>
    <message>
        <source>Show Me</source>
        <translation>Enséñamelo</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Elige…</translation>
    </message>
    <message>
        <source>A seed is a whole number from 0 to {last}.</source>
        <translation>Una semilla es un número entero de 0 a {last}.</translation>
    </message>
</context>
<context>
    <name>Preferences</name>
    <message>
        <source>Settings left aside because they are not valid: {keys}. The defaults apply.</source>
        <translation>Se han dejado de lado ajustes que no son válidos: {keys}. Se usan los valores predeterminados.</translation>
    </message>
    <message>
        <source>Settings not used: {problem}. The defaults apply, and nothing is saved there.</source>
        <translation>No se usan los ajustes: {problem}. Se usan los valores predeterminados y no se guarda nada allí.</translation>
    </message>
</context>
<context>
    <name>Presentation</name>
    <message>
        <source>Presentation &amp;Mode</source>
        <translation>&amp;Modo presentación</translation>
    </message>
    <message>
        <source>Leave Presentation Mode</source>
        <translation>Salir del modo presentación</translation>
    </message>
</context>
<context>
    <name>PresentationHint</name>
    <message>
        <source>Esc or F5 leaves presentation mode</source>
        <translation>Esc o F5 sale del modo presentación</translation>
    </message>
</context>
<context>
    <name>ProjectionsFeature</name>
    <message>
        <source>Projections</source>
        <translation>Proyecciones</translation>
    </message>
    <message>
        <source>Projections as a CSV &amp;Table…</source>
        <translation>Proyecciones como &amp;tabla CSV…</translation>
    </message>
    <message>
        <source>Export the Projections as CSV</source>
        <translation>Exportar las proyecciones como CSV</translation>
    </message>
    <message>
        <source>Could not export the projections</source>
        <translation>No se pudieron exportar las proyecciones</translation>
    </message>
</context>
<context>
    <name>ProjectionsPanel</name>
    <message>
        <source>Token i, with embedding x&lt;sub&gt;i&lt;/sub&gt;, gives q&lt;sub&gt;i&lt;/sub&gt; = W&lt;sub&gt;Q&lt;/sub&gt; x&lt;sub&gt;i&lt;/sub&gt;, k&lt;sub&gt;i&lt;/sub&gt; = W&lt;sub&gt;K&lt;/sub&gt; x&lt;sub&gt;i&lt;/sub&gt; and v&lt;sub&gt;i&lt;/sub&gt; = W&lt;sub&gt;V&lt;/sub&gt; x&lt;sub&gt;i&lt;/sub&gt;.</source>
        <translation>El token i, con embedding x&lt;sub&gt;i&lt;/sub&gt;, da q&lt;sub&gt;i&lt;/sub&gt; = W&lt;sub&gt;Q&lt;/sub&gt; x&lt;sub&gt;i&lt;/sub&gt;, k&lt;sub&gt;i&lt;/sub&gt; = W&lt;sub&gt;K&lt;/sub&gt; x&lt;sub&gt;i&lt;/sub&gt; y v&lt;sub&gt;i&lt;/sub&gt; = W&lt;sub&gt;V&lt;/sub&gt; x&lt;sub&gt;i&lt;/sub&gt;.</translation>
    </message>
</context>
<context>
    <name>RecoveryDialog</name>
    <message>
        <source>Recover Unsaved Work</source>
        <translation>Recuperar trabajo sin guardar</translation>
    </message>
    <message>
        <source>Q·K Explorer ended unexpectedly while a scene had unsaved changes. Its last autosaved state is kept here, newest first.</source>
        <translation>Q·K Explorer se cerró de forma inesperada mientras una escena tenía cambios sin guardar. Aquí se conserva su último estado guardado automáticamente, del más reciente al más antiguo.</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Recuperar</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Descartar</translation>
    </message>
    <message>
        <source>Decide &amp;Later</source>
        <translation>Decidir &amp;más tarde</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>sin título</translation>
    </message>
    <message>
        <source>1 key</source>
        <translation>1 clave</translation>
    </message>
    <message>
        <source>{count} keys</source>
        <translation>{count} claves</translation>
    </message>
    <message>
        <source>saved {when} · {keys} · n = {n}</source>
        <translation>guardada el {when} · {keys} · n = {n}</translation>
    </message>
</context>
<context>
    <name>SameProductOverlay</name>
    <message>
        <source>same product: q′·k′ = {dot}, θ′ = {angle}</source>
        <translation>mismo producto: q′·k′ = {dot}, θ′ = {angle}</translation>
    </message>
</context>
<context>
    <name>SceneController</name>
    <message>
        <source>Open scene</source>
        <translation>Abrir escena</translation>
    </message>
    <message>
        <source>Edit coordinates</source>
        <translation>Editar coordenadas</translation>
    </message>
    <message>
        <source>Remove key</source>
        <translation>Quitar clave</translation>
    </message>
    <message>
        <source>Mask key</source>
        <translation>Enmascarar clave</translation>
    </message>
    <message>
        <source>Remove query</source>
        <translation>Quitar consulta</translation>
    </message>
    <message>
        <source>Mask one pair</source>
        <translation>Enmascarar un par</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>Máscara causal</translation>
    </message>
    <message>
        <source>Change scale</source>
        <translation>Cambiar la escala</translation>
    </message>
    <message>
        <source>Change scoring</source>
        <translation>Cambiar la puntuación</translation>
    </message>
    <message>
        <source>Change dropout</source>
        <translation>Cambiar el dropout</translation>
    </message>
    <message>
        <source>Change dimension</source>
        <translation>Cambiar la dimensión</translation>
    </message>
    <message>
        <source>Edit {matrix}</source>
        <translation>Editar {matrix}</translation>
    </message>
    <message>
        <source>Set {matrix}</source>
        <translation>Poner {matrix}</translation>
    </message>
    <message>
        <source>Rename token</source>
        <translation>Renombrar token</translation>
    </message>
    <message>
        <source>token {n}</source>
        <translation>token {n}</translation>
    </message>
    <message>
        <source>Add token</source>
        <translation>Añadir token</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>Quitar token</translation>
    </message>
    <message>
        <source>Move token</source>
        <translation>Mover token</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>Arrastrar</translation>
    </message>
    <message>
        <source>Move with keys</source>
        <translation>Mover con el teclado</translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <source>Pick the next or the previous vector</source>
        <translation>Elegir el vector siguiente o el anterior</translation>
    </message>
    <message>
        <source>Move the picked tip</source>
        <translation>Mover la punta elegida</translation>
    </message>
    <message>
        <source>arrow keys</source>
        <translation>teclas de flecha</translation>
    </message>
    <message>
        <source>Move it in small steps</source>
        <translation>Moverla a pasos pequeños</translation>
    </message>
    <message>
        <source>{shift}+arrow keys</source>
        <translation>{shift}+teclas de flecha</translation>
    </message>
    <message>
        <source>Drag without snapping to the grid</source>
        <translation>Arrastrar sin ajustar a la cuadrícula</translation>
    </message>
    <message>
        <source>{ctrl}+drag</source>
        <translation>{ctrl}+arrastrar</translation>
    </message>
    <message>
        <source>Leave the drawing for the panels</source>
        <translation>Salir del dibujo hacia los paneles</translation>
    </message>
    <message>
        <source>In the drawing</source>
        <translation>En el dibujo</translation>
    </message>
    <message>
        <source>Anywhere</source>
        <translation>En cualquier lugar</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>Atajos de &amp;teclado</translation>
    </message>
</context>
<context>
    <name>SqrtDkPanel</name>
    <message>
        <source>Every coordinate of q and k is drawn on its own, with mean 0 and variance 1 ({pairs} pairs, sample {seed}). A score q·k then has variance d; dividing it by √d brings the variance back to 1.</source>
        <translation>Cada coordenada de q y de k se sortea por separado, con media 0 y varianza 1 ({pairs} pares, muestra {seed}). Así, una puntuación q·k tiene varianza d; al dividirla por √d la varianza vuelve a ser 1.</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>Dimension d of q and k</source>
        <translation>Dimensión d de q y k</translation>
    </message>
    <message>
        <source>Dimension d of q and k, from 1 to {n}</source>
        <translation>Dimensión d de q y k, de 1 a {n}</translation>
    </message>
    <message>
        <source>keys n</source>
        <translation>claves n</translation>
    </message>
    <message>
        <source>Number of keys n for softmax</source>
        <translation>Número n de claves para softmax</translation>
    </message>
    <message>
        <source>New sample</source>
        <translation>Otra muestra</translation>
    </message>
    <message>
        <source>Draw another set of queries and keys</source>
        <translation>Sortear otro conjunto de consultas y claves</translation>
    </message>
    <message>
        <source>Raw scores {raw}: sample variance {variance} (d = {d})</source>
        <translation>Puntuaciones sin escalar {raw}: varianza muestral {variance} (d = {d})</translation>
    </message>
    <message>
        <source>Scaled scores {scaled}: sample variance {variance}</source>
        <translation>Puntuaciones escaladas {scaled}: varianza muestral {variance}</translation>
    </message>
    <message>
        <source>Largest softmax weight over n = {n} keys (mean of {trials} queries): {unscaled} with {raw}, {scaled} with {scaled_name}. Dashed: 1/n, equal weights.</source>
        <translation>Mayor peso de softmax entre n = {n} claves (media de {trials} consultas): {unscaled} con {raw}, {scaled} con {scaled_name}. En discontinua: 1/n, pesos iguales.</translation>
    </message>
</context>
<context>
    <name>Stage</name>
    <message>
        <source>… and {n} more keys, not shown for room</source>
        <translation>… y {n} claves más, que no caben en pantalla</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt;</source>
        <translation>&lt;b&gt;Predice primero:&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Fresh numbers, seed {seed}.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Números nuevos, semilla {seed}.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;The scene has changed since the question was asked: the solution uses the numbers on screen now.&lt;/i&gt;</source>
        <translation>&lt;i&gt;La escena ha cambiado desde que se planteó la pregunta: la solución usa los números que hay ahora en pantalla.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>page {page} of {count}</source>
        <translation>página {page} de {count}</translation>
    </message>
</context>
<context>
    <name>TokenFeature</name>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
</context>
<context>
    <name>TokenList</name>
    <message>
        <source>Add a token</source>
        <translation>Añadir un token</translation>
    </message>
    <message>
        <source>A new token at the origin: its embedding is zero</source>
        <translation>Un token nuevo en el origen: su embedding es cero</translation>
    </message>
    <message>
        <source>Label of token {n}</source>
        <translation>Etiqueta del token {n}</translation>
    </message>
    <message>
        <source>A short word, up to {n} characters</source>
        <translation>Una palabra corta, de hasta {n} caracteres</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Remove token {n}</source>
        <translation>Quitar el token {n}</translation>
    </message>
</context>
<context>
    <name>TokenPlanePanel</name>
    <message>
        <source>unit circle of B</source>
        <translation>círculo unidad de B</translation>
    </message>
    <message>
        <source>W_Q × unit square</source>
        <translation>W_Q × cuadrado unidad</translation>
    </message>
    <message>
        <source>W_K × unit square</source>
        <translation>W_K × cuadrado unidad</translation>
    </message>
    <message>
        <source>Drag a token x: q = W_Q x, k = W_K x and v = W_V x follow. Point at one: its row and column.</source>
        <translation>Arrastra un token x: q = W_Q x, k = W_K x y v = W_V x lo siguen. Señala uno: su fila y su columna.</translation>
    </message>
    <message>
        <source>W_Q and W_K on the unit square</source>
        <translation>W_Q y W_K sobre el cuadrado unidad</translation>
    </message>
    <message>
        <source>Token plane: the embeddings as arrows</source>
        <translation>Plano de tokens: los embeddings como flechas</translation>
    </message>
    <message>
        <source>The token plane draws embeddings of two coordinates; these have d_model = {n}.</source>
        <translation>El plano de tokens dibuja embeddings de dos coordenadas; estos tienen d_model = {n}.</translation>
    </message>
    <message>
        <source>B = W_Qᵀ W_K is an inner product: its unit circle xᵀBx = 1 is dashed.</source>
        <translation>B = W_Qᵀ W_K es un producto interno: su círculo unidad xᵀBx = 1 va a trazos.</translation>
    </message>
    <message>
        <source>it is not symmetric</source>
        <translation>no es simétrica</translation>
    </message>
    <message>
        <source>it has a negative eigenvalue</source>
        <translation>tiene un valor propio negativo</translation>
    </message>
    <message>
        <source>d_k is less than d_model</source>
        <translation>d_k es menor que d_model</translation>
    </message>
    <message>
        <source>it has the eigenvalue 0</source>
        <translation>tiene el valor propio 0</translation>
    </message>
    <message>
        <source>B = W_Qᵀ W_K is not an inner product ({why}): no unit circle.</source>
        <translation>B = W_Qᵀ W_K no es un producto interno ({why}): no tiene círculo unidad.</translation>
    </message>
</context>
<context>
    <name>TrainPanel</name>
    <message>
        <source>T&amp;ask:</source>
        <translation>&amp;Tarea:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>&amp;Semilla:</translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation>&amp;Entrenar</translation>
    </message>
    <message>
        <source>Train a head on the task from this seed (Ctrl+T)</source>
        <translation>Entrenar una cabeza en la tarea desde esta semilla (Ctrl+T)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Another Sequence</source>
        <translation>Otra secuencia</translation>
    </message>
    <message>
        <source>Read a fresh sequence of the task: does the head generalise?</source>
        <translation>Leer una secuencia nueva de la tarea: ¿generaliza la cabeza?</translation>
    </message>
    <message>
        <source>The Task&apos;s Example</source>
        <translation>El ejemplo de la tarea</translation>
    </message>
    <message>
        <source>&amp;Use as Scene</source>
        <translation>&amp;Usar como escena</translation>
    </message>
    <message>
        <source>Make the head at this snapshot the scene, to drag, save and export</source>
        <translation>Convertir la cabeza de esta instantánea en la escena, para arrastrarla, guardarla y exportarla</translation>
    </message>
    <message>
        <source>Timeline of the training&apos;s snapshots</source>
        <translation>Línea de tiempo de las instantáneas del entrenamiento</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Sequence: {tokens}</source>
        <translation>Secuencia: {tokens}</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <source>previous token: the symbol just before</source>
        <translation>token anterior: el símbolo justo antes</translation>
    </message>
    <message>
        <source>running maximum: the largest symbol so far</source>
        <translation>máximo acumulado: el mayor símbolo hasta ahora</translation>
    </message>
    <message>
        <source>pointer: the symbol at the position a symbol names</source>
        <translation>puntero: el símbolo en la posición que nombra un símbolo</translation>
    </message>
    <message>
        <source>step</source>
        <translation>paso</translation>
    </message>
    <message>
        <source>{step} of {total}</source>
        <translation>{step} de {total}</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>pérdida</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>precisión</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>Entrenando…</translation>
    </message>
    <message>
        <source>Cancelled after {steps} steps.</source>
        <translation>Cancelado tras {steps} pasos.</translation>
    </message>
    <message>
        <source>Trained: {accuracy} right on {count} fresh sequences.</source>
        <translation>Entrenada: {accuracy} de aciertos en {count} secuencias nuevas.</translation>
    </message>
    <message>
        <source>Choose a task and a seed, then Train.</source>
        <translation>Elige una tarea y una semilla, y pulsa Entrenar.</translation>
    </message>
    <message>
        <source>Loss and accuracy against the training steps</source>
        <translation>Pérdida y precisión frente a los pasos de entrenamiento</translation>
    </message>
</context>
<context>
    <name>TrainingFeature</name>
    <message>
        <source>Train</source>
        <translation>Entrenar</translation>
    </message>
    <message>
        <source>&amp;Train the Head</source>
        <translation>&amp;Entrenar la cabeza</translation>
    </message>
    <message>
        <source>&amp;Cancel Training</source>
        <translation>&amp;Cancelar el entrenamiento</translation>
    </message>
    <message>
        <source>&amp;Use the Trained Head as the Scene</source>
        <translation>&amp;Usar la cabeza entrenada como escena</translation>
    </message>
    <message>
        <source>Trained &amp;Model…</source>
        <translation>&amp;Modelo entrenado…</translation>
    </message>
    <message>
        <source>Export the Trained Model</source>
        <translation>Exportar el modelo entrenado</translation>
    </message>
    <message>
        <source>Could not export the trained model</source>
        <translation>No se pudo exportar el modelo entrenado</translation>
    </message>
</context>
<context>
    <name>TrainingSession</name>
    <message>
        <source>Training: {task}, seed {seed}, step {step}</source>
        <translation>Entrenamiento: {task}, semilla {seed}, paso {step}</translation>
    </message>
    <message>
        <source>Trained head: {task}, seed {seed}, {steps} steps</source>
        <translation>Cabeza entrenada: {task}, semilla {seed}, {steps} pasos</translation>
    </message>
    <message>
        <source>Use the Trained Head as the Scene</source>
        <translation>Usar la cabeza entrenada como escena</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>acute, same direction: exactly 0°</source>
        <translation>agudo, mismo sentido: exactamente 0°</translation>
    </message>
    <message>
        <source>obtuse, opposite directions: exactly 180°</source>
        <translation>obtuso, sentidos opuestos: exactamente 180°</translation>
    </message>
    <message>
        <source>acute: less than 90°</source>
        <translation>agudo: menos de 90°</translation>
    </message>
    <message>
        <source>right angle: exactly 90°</source>
        <translation>recto: exactamente 90°</translation>
    </message>
    <message>
        <source>obtuse: more than 90°</source>
        <translation>obtuso: más de 90°</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>indefinido</translation>
    </message>
    <message>
        <source>&lt;i&gt;The scene on screen has no tokens: the numbers quoted here are those of the question&apos;s own scene.&lt;/i&gt;</source>
        <translation>&lt;i&gt;La escena en pantalla no tiene tokens: los números que se citan aquí son los de la escena de la pregunta.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;The scene on screen has no tokens: the numbers quoted here are those of this step&apos;s own scene.&lt;/i&gt;</source>
        <translation>&lt;i&gt;La escena en pantalla no tiene tokens: los números que se citan aquí son los de la escena de este paso.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Hidden until the question is answered: predict it first.</source>
        <translation>Oculto hasta que se responda la pregunta: predícelo primero.</translation>
    </message>
    <message>
        <source>Add key</source>
        <translation>Añadir clave</translation>
    </message>
    <message>
        <source>Add query</source>
        <translation>Añadir consulta</translation>
    </message>
    <message>
        <source>Scale q</source>
        <translation>Escalar q</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>semilla</translation>
    </message>
    <message>
        <source>q is the zero vector: it has no direction, so there is no angle.</source>
        <translation>q es el vector cero: no tiene dirección, así que no hay ángulo.</translation>
    </message>
    <message>
        <source>{key} is the zero vector: it has no direction, so there is no angle and no line to project onto.</source>
        <translation>{key} es el vector cero: no tiene dirección, así que no hay ángulo ni recta sobre la que proyectar.</translation>
    </message>
    <message>
        <source>q and {key} are both the zero vector: neither has a direction.</source>
        <translation>q y {key} son ambos el vector cero: ninguno tiene dirección.</translation>
    </message>
    <message>
        <source>Every key is masked: softmax has nothing to share the weight among (PyTorch returns not-a-number values here, or zeros in recent versions).</source>
        <translation>Todas las claves están enmascaradas: softmax no tiene entre qué repartir el peso (PyTorch devuelve valores no numéricos aquí, o ceros en las versiones recientes).</translation>
    </message>
    <message>
        <source>{key} is the zero vector: its cosine with q is undefined.</source>
        <translation>{key} es el vector cero: su coseno con q no está definido.</translation>
    </message>
    <message>
        <source>q is the zero vector: its cosine with every key is undefined.</source>
        <translation>q es el vector cero: su coseno con cualquier clave no está definido.</translation>
    </message>
    <message>
        <source>B is not symmetric: B{ij} = {a} but B{ji} = {b}, so a token&apos;s score for another is not that other&apos;s score for it</source>
        <translation>B no es simétrica: B{ij} = {a} pero B{ji} = {b}, así que la puntuación de un token para otro no es la de ese otro para él</translation>
    </message>
    <message>
        <source>B has a negative eigenvalue, λ = {eigenvalue}: along its eigenvector x, xᵀBx &lt; 0</source>
        <translation>B tiene un autovalor negativo, λ = {eigenvalue}: a lo largo de su autovector x, xᵀBx &lt; 0</translation>
    </message>
    <message>
        <source>d_k = {d_k} is less than d_model = {d_model}: some x ≠ 0 gets xᵀBx = 0 (the eigenvalue λ = 0)</source>
        <translation>d_k = {d_k} es menor que d_model = {d_model}: algún x ≠ 0 da xᵀBx = 0 (el autovalor λ = 0)</translation>
    </message>
    <message>
        <source>B has the eigenvalue λ = 0 (up to rounding): along its eigenvector x ≠ 0, xᵀBx = 0</source>
        <translation>B tiene el autovalor λ = 0 (salvo redondeo): a lo largo de su autovector x ≠ 0, xᵀBx = 0</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>un número</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>un número entero</translation>
    </message>
    <message>
        <source>a list of numbers</source>
        <translation>una lista de números</translation>
    </message>
    <message>
        <source>a list of vectors</source>
        <translation>una lista de vectores</translation>
    </message>
    <message>
        <source>a list of true/false values</source>
        <translation>una lista de valores true/false</translation>
    </message>
    <message>
        <source>a list of rows of true/false values</source>
        <translation>una lista de filas de valores true/false</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true o false</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>&quot;dot&quot; or &quot;cosine&quot;</source>
        <translation>&quot;dot&quot; o &quot;cosine&quot;</translation>
    </message>
    <message>
        <source>an object with labels, embeddings, w_q, w_k and w_v</source>
        <translation>un objeto con labels, embeddings, w_q, w_k y w_v</translation>
    </message>
    <message>
        <source>a list of short words</source>
        <translation>una lista de palabras cortas</translation>
    </message>
    <message>
        <source>a list of rows of numbers</source>
        <translation>una lista de filas de números</translation>
    </message>
    <message>
        <source>The file is larger than {high} bytes; a scene file is far smaller.</source>
        <translation>El archivo ocupa más de {high} bytes; un archivo de escena es mucho más pequeño.</translation>
    </message>
    <message>
        <source>The file is not UTF-8 text.</source>
        <translation>El archivo no es texto UTF-8.</translation>
    </message>
    <message>
        <source>The file is not valid JSON (the problem is on line {found}).</source>
        <translation>El archivo no es JSON válido (el problema está en la línea {found}).</translation>
    </message>
    <message>
        <source>The file must hold one JSON object.</source>
        <translation>El archivo debe contener un único objeto JSON.</translation>
    </message>
    <message>
        <source>The field &apos;format&apos; must be &quot;qk-explorer-scene&quot;.</source>
        <translation>El campo &apos;format&apos; debe ser &quot;qk-explorer-scene&quot;.</translation>
    </message>
    <message>
        <source>The file has format version {found}, from a newer Q·K Explorer; this one reads versions up to {high}.</source>
        <translation>El archivo tiene la versión de formato {found}, de un Q·K Explorer más reciente; esta versión lee hasta la {high}.</translation>
    </message>
    <message>
        <source>The field &apos;version&apos; must be a whole number from 1.</source>
        <translation>El campo &apos;version&apos; debe ser un número entero a partir de 1.</translation>
    </message>
    <message>
        <source>The required field &apos;{field}&apos; is missing.</source>
        <translation>Falta el campo obligatorio &apos;{field}&apos;.</translation>
    </message>
    <message>
        <source>The file has an unknown field &apos;{field}&apos;.</source>
        <translation>El archivo tiene un campo desconocido: &apos;{field}&apos;.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must be {expected}.</source>
        <translation>&apos;{field}&apos; debe ser {expected}.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must be a finite number (not NaN or infinity).</source>
        <translation>&apos;{field}&apos; debe ser un número finito (ni NaN ni infinito).</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must lie between {low} and {high}.</source>
        <translation>&apos;{field}&apos; debe estar entre {low} y {high}.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must have between 1 and {high} coordinates.</source>
        <translation>&apos;{field}&apos; debe tener entre 1 y {high} coordenadas.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must hold between 1 and {high} vectors.</source>
        <translation>&apos;{field}&apos; debe contener entre 1 y {high} vectores.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; has {found} entries but the scene has {expected} keys.</source>
        <translation>&apos;{field}&apos; tiene {found} elementos, pero la escena tiene {expected} claves.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must have one row per query: it has {found}, the scene {expected}.</source>
        <translation>&apos;{field}&apos; debe tener una fila por consulta: tiene {found}, la escena {expected}.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; has {found} coordinates but the query has {expected}.</source>
        <translation>&apos;{field}&apos; tiene {found} coordenadas, pero la consulta tiene {expected}.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; holds text that is not valid Unicode (a lone surrogate such as \ud800).</source>
        <translation>&apos;{field}&apos; contiene texto que no es Unicode válido (un sustituto suelto como \ud800).</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must be one line of text: no control characters, line breaks or direction overrides.</source>
        <translation>&apos;{field}&apos; debe ser una sola línea de texto: sin caracteres de control, saltos de línea ni cambios de dirección.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; cannot stand beside &apos;tokens&apos;: a scene of tokens derives its queries, keys and values from them.</source>
        <translation>&apos;{field}&apos; no puede ir junto a &apos;tokens&apos;: una escena de tokens deriva de ellos sus consultas, claves y valores.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must have between 1 and {high} rows.</source>
        <translation>&apos;{field}&apos; debe tener entre 1 y {high} filas.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; has {found} entries but must have {expected}, as many as the embeddings have coordinates (d_model).</source>
        <translation>&apos;{field}&apos; tiene {found} elementos, pero debe tener {expected}, tantos como coordenadas tienen los embeddings (d_model).</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; has {found} rows but &apos;tokens.w_q&apos; has {expected} (d_k).</source>
        <translation>&apos;{field}&apos; tiene {found} filas, pero &apos;tokens.w_q&apos; tiene {expected} (d_k).</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; has {found} rows but must have as many as &apos;tokens.w_k&apos;, {expected}: values have the keys&apos; dimension (d_v = d_k).</source>
        <translation>&apos;{field}&apos; tiene {found} filas, pero debe tener tantas como &apos;tokens.w_k&apos;, {expected}: los valores tienen la dimensión de las claves (d_v = d_k).</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; has {found} labels but there are {expected} embeddings.</source>
        <translation>&apos;{field}&apos; tiene {found} etiquetas, pero hay {expected} embeddings.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; must be a short word: 1 to {high} characters, not blank, without control characters or line breaks.</source>
        <translation>&apos;{field}&apos; debe ser una palabra corta: de 1 a {high} caracteres, no en blanco, sin caracteres de control ni saltos de línea.</translation>
    </message>
    <message>
        <source>&apos;{field}&apos; times &apos;tokens.embeddings[{found}]&apos; gives a coordinate beyond {high}, the limit of every query, key and value.</source>
        <translation>&apos;{field}&apos; por &apos;tokens.embeddings[{found}]&apos; da una coordenada más allá de {high}, el límite de toda consulta, clave y valor.</translation>
    </message>
</context>
</TS>
