<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>Autosave</name>
    <message>
        <source>Restore autosaved scene</source>
        <translation>Recuperar la escena guardada automáticamente</translation>
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
</context>
<context>
    <name>CoordinatesPanel</name>
    <message>
        <source>Dimension n</source>
        <translation>Dimensión n</translation>
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
        <source>Open scene</source>
        <translation>Abrir escena</translation>
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
        <source>{path}: no such file</source>
        <translation>{path}: el archivo no existe</translation>
    </message>
    <message>
        <source>{path} is a folder, not a file</source>
        <translation>{path} es una carpeta, no un archivo</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Numbers</source>
        <translation>Números</translation>
    </message>
    <message>
        <source>Coordinates</source>
        <translation>Coordenadas</translation>
    </message>
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
        <source>&lt;b&gt;q against {key}&lt;/b&gt; (n = {n})</source>
        <translation>&lt;b&gt;q frente a {key}&lt;/b&gt; (n = {n})</translation>
    </message>
</context>
<context>
    <name>PictureSizeDialog</name>
    <message>
        <source>Export Canvas as PNG</source>
        <translation>Exportar el lienzo como PNG</translation>
    </message>
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
        <source>saved {when} · {keys} keys · n = {n}</source>
        <translation>guardada el {when} · {keys} claves · n = {n}</translation>
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
        <source>Add key</source>
        <translation>Añadir clave</translation>
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
        <source>Scale q</source>
        <translation>Escalar q</translation>
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
    <name>Words</name>
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
        <source>Every key is masked: softmax has nothing to share the weight among (PyTorch returns NaN here).</source>
        <translation>Todas las claves están enmascaradas: softmax no tiene entre qué repartir el peso (PyTorch devuelve NaN aquí).</translation>
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
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>&quot;dot&quot; or &quot;cosine&quot;</source>
        <translation>&quot;dot&quot; o &quot;cosine&quot;</translation>
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
        <source>The file has format version {found}, from a newer Q·K Explorer; this one reads version 1.</source>
        <translation>El archivo tiene la versión de formato {found}, de un Q·K Explorer más reciente; esta versión lee la 1.</translation>
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
        <source>&apos;{field}&apos; has {found} coordinates but the query has {expected}.</source>
        <translation>&apos;{field}&apos; tiene {found} coordenadas, pero la consulta tiene {expected}.</translation>
    </message>
</context>
</TS>
